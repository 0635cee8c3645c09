import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { storedToken } from './session.ts';

/** WCAG 2.0 and 2.1, levels A and AA: what the "Done when" asks for. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical axe-core violations on the page, one line each (rule, impact, the
 * elements), so a failure says what to fix. Nothing is excluded: every element of the page, or of
 * `within` (a CSS selector) counts.
 *
 * axe runs inside the page, injected once per document: @axe-core/playwright's AxeBuilder injects it
 * again and finishes each run in a new page, 4 to 6 s a screen here against 1 s, and the sweep checks
 * about 200 screens.
 */
/**
 * Waits (3 s at most) until no finite animation runs: a drawer or dialog still fading in is measured against
 * the mask behind it, and axe then finds contrasts no user sees (CI, stop 32). Spinners loop forever: not awaited.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 3000;
    while (performance.now() < deadline) {
      const moving = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      if (!moving.length) return;
      const pause = new Promise((resolve) => setTimeout(resolve, 250));
      await Promise.race([Promise.all(moving.map((a) => a.finished.catch(() => undefined))), pause]);
    }
  });
}

export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const context = within ? { include: [within] } : document;
      const options = { runOnly: { type: 'tag' as const, values: tags }, resultTypes: ['violations' as const] };
      return (await engine.run(context, options)).violations;
    },
    { tags: WCAG_TAGS, within },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? n.failureSummary ?? ''})`);
      return `${v.id} [${v.impact}] ${v.help}: ${nodes.join('; ')}`;
    });
}

const HAN = /[\u4e00-\u9fff]/;
/**
 * Latin words on a Chinese page; acronyms in capitals (ID, QR, API, URL: 客户端ID, not the original's
 * 客户端id) and a few product names are Chinese usage too.
 */
const LATIN_WORD = /\b(?![A-Z]{2,}s?\b|Excel\b|Logo\b|Token\b|Key\b|Secret\b)[A-Za-z]{2,}\b/;

/**
 * The words of the interface, not its data: labels, headings, titles, buttons, table headers, tabs,
 * menus, placeholders, empty states, pagination. Data (table cells, tree nodes, chosen values) and
 * what is marked translate="no" (people's names) may be in any language.
 */
const WORDING = [
  'label',
  'h1, h2, h3, h4, h5',
  '.ant-card-head-title, .ant-modal-title, .ant-drawer-title, .ant-result-title, .ant-result-subtitle',
  '.ant-statistic-title, .ant-empty-description, .ant-pagination, .ant-form-item-explain',
  'button',
  'th',
  '[role="tab"]',
  '.ant-menu-title-content',
  '.ant-select-placeholder, .ant-select-selection-placeholder',
].join(', ');

/**
 * The interface's words in the wrong language on the page: its texts, placeholders, the names and live
 * regions a screen reader reads (what is aria-hidden is not read), and its title.
 */
export async function wrongLanguage(page: Page, language: 'zh' | 'en', allowed: string[] = []): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const visible = (e: Element) => (e as HTMLElement).offsetParent !== null || e.getClientRects().length > 0;
    const data = (e: Element) => e.closest('[translate="no"]') !== null;
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const shown = (e: Element) => (e as HTMLElement).innerText;
    const words = [...document.querySelectorAll(selector)]
      .filter((e) => visible(e) && !data(e))
      .map((e) => {
        let text = shown(e);
        for (const name of e.querySelectorAll('[translate="no"]')) text = text.replace(shown(name), '');
        return text;
      });
    // what a screen reader reads: every label (antd's icons' too, "appstore" unless hidden as decoration),
    // and live regions, drawn 0 px wide (rc-tabs' "Tab 1 of 3" on a focused tab)
    const read = (e: Element) => !data(e) && !e.closest('[aria-hidden="true"]');
    const attributes = [...document.querySelectorAll('[placeholder], [aria-label]')]
      .filter((e) => visible(e) && read(e) && getComputedStyle(e).visibility !== 'hidden')
      .flatMap((e) => [e.getAttribute('placeholder') ?? '', e.getAttribute('aria-label') ?? '']);
    // (a live region holding a page, antd's loading box, is that page's: its words are checked as such)
    const live = [...document.querySelectorAll('[aria-live]')]
      .filter((e) => read(e) && e.childElementCount === 0)
      .map((e) => e.textContent ?? '');
    return [...words, ...attributes, ...live, document.title];
  }, WORDING);
  const other = language === 'zh' ? 'English' : '中文';
  const wrong = language === 'en' ? HAN : LATIN_WORD;
  return [
    ...new Set(
      texts
        .map((t) => [...allowed, other].reduce((s, a) => s.replaceAll(a, ''), t).trim())
        .filter((t) => wrong.test(t)),
    ),
  ];
}

/**
 * Waits until the page has settled: no request under way for a moment and no spinner or skeleton
 * showing. A client-side navigation has no load event to wait for.
 */
export function settler(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  const seen = new WeakSet<object>();
  page.on('request', (r) => {
    // a screen's code is loaded when first opened; the old screen stays until it has come
    if (!['fetch', 'xhr', 'script', 'stylesheet'].includes(r.resourceType())) return;
    seen.add(r);
    inFlight += 1;
    last = Date.now();
  });
  const done = (r: object) => {
    if (!seen.has(r)) return;
    seen.delete(r);
    inFlight -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    await expect.poll(() => inFlight === 0 && Date.now() - last > 250, { timeout: 15_000, intervals: [50] }).toBe(true);
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
  };
}

/** Opens a route inside the running client (as a menu click does), without reloading the page. */
export async function openInClient(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2) }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL((url) => url.pathname + url.search === route);
}

interface MenuNode {
  name: string;
  path: string | null;
  category: number;
  children?: MenuNode[];
}

/**
 * The routes of every menu entry the signed-in user sees, with their names: the leaves of the
 * server's menu, a top-level leaf getting `/index` (the sidebar's rule).
 */
export async function menuScreens(page: Page): Promise<{ name: string; route: string }[]> {
  const token = await storedToken(page);
  const res = await page.request.get('/api/blade-system/menu/routes', {
    headers: { 'blade-auth': `bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const leaves = (nodes: MenuNode[], top: boolean): { name: string; route: string }[] =>
    nodes
      .filter((n) => n.category === 1)
      .flatMap((n) => {
        const children = n.children?.filter((c) => c.category === 1) ?? [];
        if (children.length) return leaves(children, false);
        const path = n.path ?? '';
        if (/^https?:\/\//.test(path)) return [];
        return [{ name: n.name, route: top ? `${path.replace(/\/$/, '')}/index` : path }];
      });
  return leaves(((await res.json()) as { data: MenuNode[] }).data, true);
}
