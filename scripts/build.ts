import { buildServer } from './builds.ts';
import { run } from './run.ts';

// `npm run build`: the web client, then the server.
const web = run('npm', ['run', 'build', '--workspace', 'web']);
if (web !== 0) process.exit(web);
process.exit(buildServer());
