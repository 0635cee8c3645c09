/**
 * Load from this process against a server in another: `connections` clients each send a request,
 * wait for its whole answer, and send the next, for `seconds` (after a warm-up that is not
 * counted). Latencies are exact (every request timed), so p95 is the 95th percentile of them all.
 */
export interface LoadResult {
  requests: number;
  /** Answers that were not 2xx, or requests that failed. */
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

export interface LoadTarget {
  /** Requests are taken in turn from this list (a page deep in the list, several filters). */
  urls: string[];
  headers?: Record<string, string>;
  /** A JSON body: each request is then a POST of it (a report's preview). */
  body?: string;
}

export async function load(
  target: LoadTarget,
  { connections = 10, seconds = 10, warmupSeconds = 1 } = {},
): Promise<LoadResult> {
  let next = 0;
  const once = async (): Promise<[ms: number, ok: boolean]> => {
    const url = target.urls[next++ % target.urls.length]!;
    const began = performance.now();
    try {
      const res = await fetch(
        url,
        target.body === undefined
          ? { headers: target.headers }
          : { method: 'POST', headers: { ...target.headers, 'content-type': 'application/json' }, body: target.body },
      );
      await res.arrayBuffer();
      return [performance.now() - began, res.ok];
    } catch {
      return [performance.now() - began, false];
    }
  };
  const drive = async (until: number, into?: { ms: number[]; errors: number }) => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const [ms, ok] = await once();
          if (!into) continue;
          into.ms.push(ms);
          if (!ok) into.errors++;
        }
      }),
    );
  };
  await drive(performance.now() + warmupSeconds * 1000);
  const measured = { ms: [] as number[], errors: 0 };
  const began = performance.now();
  await drive(began + seconds * 1000, measured);
  const elapsed = (performance.now() - began) / 1000;
  const sorted = measured.ms.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    requests: sorted.length,
    errors: measured.errors,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    perSecond: sorted.length / elapsed,
  };
}
