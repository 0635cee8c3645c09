import { expect, type Page } from '@playwright/test';

const HAN = /[\u4e00-\u9fff]/;
const LATIN_WORD = /[A-Za-z]{2,}/;

/** The labels of what is shown and not hidden from assistive technology, and live regions' text. */
function spokenNames(): string {
  const read = (e: Element) => !e.closest('[translate="no"], [aria-hidden="true"]');
  const shown = (e: Element) => e.getClientRects().length > 0;
  const labels = [...document.querySelectorAll('[aria-label]')]
    .filter((e) => shown(e) && read(e))
    .map((e) => e.getAttribute('aria-label'));
  // a live region of text only (one holding a page, antd's loading box, is in the page's text already)
  const live = [...document.querySelectorAll('[aria-live]')]
    .filter((e) => read(e) && e.childElementCount === 0)
    .map((e) => e.textContent);
  return [...labels, ...live].join('\n');
}

/**
 * Asserts that the text a person sees on the page is all in one language. `allowed` lists strings
 * that belong there anyway (the other language's name in the switch, "ID", product names).
 */
export async function expectPageLanguage(page: Page, language: 'zh' | 'en', allowed: string[] = []): Promise<void> {
  // innerText, unlike textContent, is what is rendered: hidden elements and scripts are left out.
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point
  let text = await page.locator('body').innerText();
  // and the names a screen reader reads besides (an icon named "search" on a Chinese page)
  text += `\n${await page.evaluate(spokenNames)}`;
  // Names of people and other data marked translate="no" stay as they are in every language, in the
  // text and in the labels that name them ("减少 E2E 手套").
  for (const name of await page.locator('[translate="no"]').allInnerTexts()) if (name) text = text.replaceAll(name, '');
  for (const a of [...allowed, language === 'zh' ? 'English' : '中文']) text = text.replaceAll(a, '');
  if (language === 'en') expect(text, 'Chinese text on an English page').not.toMatch(HAN);
  else expect(text, 'English text on a Chinese page').not.toMatch(LATIN_WORD);
}
