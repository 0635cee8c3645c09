/**
 * In-process caches register here so that `GET /oauth/clear-cache` (and any change that makes them
 * stale) can empty them all at once.
 */
export interface CacheRegistry {
  register(clear: () => void): void;
  clear(): void;
}

export function createCacheRegistry(): CacheRegistry {
  const clears: (() => void)[] = [];
  return {
    register: (clear) => {
      clears.push(clear);
    },
    clear: () => {
      for (const clear of clears) clear();
    },
  };
}
