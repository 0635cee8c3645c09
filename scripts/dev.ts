import { spawn } from 'node:child_process';

// `npm run dev`: the server (restarting on change) and Vite's dev server with hot reload, which sends /api to it.
const children = [
  spawn('node', ['--watch-path=server/src', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', 'web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
