import { spawnSync } from 'node:child_process';

/** Runs a command with the terminal attached; answers its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
