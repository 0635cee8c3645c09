import { spawnSync } from 'node:child_process';

/** Runs a command with the terminal attached (in `cwd`, by default this process's); answers its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, cwd });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
