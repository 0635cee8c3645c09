/**
 * The rate limits count in fixed windows of time (platform/http/rate-limit.ts): a burst that crossed into the
 * next window would start counting again, and a test of the limit would fail for the clock's sake. Waits, when
 * the window now ends within 15 s, for the next one, so that a burst starts well inside one window.
 */
export async function inOneWindow(windowMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50));
}
