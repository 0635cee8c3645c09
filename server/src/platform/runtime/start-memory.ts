/**
 * Hands back to the system what the start left behind: one full, memory-reducing garbage collection
 * (V8's "last resort" flavour also shrinks the young generation and returns pooled pages). The start
 * (migrations, seeds, a few hundred routes and their schemas) leaves ~40 MiB of the process resident
 * that an idle server would otherwise keep until load makes V8 collect it.
 *
 * `gc` is `globalThis.gc`, there with `--expose-gc` (the start script gives it); without it this does nothing. Answers the
 * milliseconds it took, or undefined when it could not run.
 */
export function releaseStartMemory(gc: NodeJS.GCFunction | undefined): number | undefined {
  if (!gc) return undefined;
  const began = performance.now();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return performance.now() - began;
}
