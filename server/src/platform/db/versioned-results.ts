/**
 * Answers computed from a tenant's data, kept in this process under a version of that data which the
 * database itself changes in every transaction that writes it (a module's migration puts the
 * triggers; the warehouse's is 0026). A read asks the version first (one indexed row) and answers
 * from memory while it is unchanged; a write committed on any server changes it, so nothing kept is
 * served past a write. The version is read before the data, so what is kept under a version is never
 * older than the version says.
 *
 * Concurrent reads of the same missing answer share one computation. Entries are few and small (a
 * report's page, a chart): the oldest read goes first past `MAX_ENTRIES`.
 */
export interface VersionedResults {
  /**
   * The answer kept under `scope` (the tenant and its data's version) and `key` (what was asked,
   * in the words of the answer: its filters resolved, its locale, its day), or `compute`'s.
   */
  read<T>(scope: string, key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

const MAX_ENTRIES = 512;

export function createVersionedResults(maxEntries = MAX_ENTRIES): VersionedResults {
  const kept = new Map<string, Promise<unknown>>();
  return {
    read<T>(scope: string, key: string, compute: () => Promise<T>): Promise<T> {
      const id = `${scope}\u0000${key}`;
      const found = kept.get(id);
      if (found) {
        // most recently read last: the first in the map is the one to drop
        kept.delete(id);
        kept.set(id, found);
        return found as Promise<T>;
      }
      const computing = compute();
      kept.set(id, computing);
      // a failed computation is not kept: the next read tries again
      computing.catch(() => {
        if (kept.get(id) === computing) kept.delete(id);
      });
      while (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      return computing;
    },
    clear: () => kept.clear(),
  };
}
