/** rc-tabs announces a focused tab's place in English whatever the language (a hard-coded live region). */
const TAB_PLACE = /^Tab (\d+) of (\d+)$/;

/**
 * antd's controls drawn as an icon alone, with no title to name them, or named in English whatever the
 * locale (the number input's steppers: "Increase Value", "Decrease Value").
 */
const ICON_CONTROLS: [string, string][] = [
  ['button.ant-input-clear-icon, .ant-picker-clear, .ant-select-clear', 'a11y.clear'],
  ['.ant-tabs-nav-more', 'a11y.more'],
  ['.ant-input-number-action-up', 'a11y.increase'],
  ['.ant-input-number-action-down', 'a11y.decrease'],
];

/** Marks a control named after its title, so the name follows the title into another language. */
const TITLED = 'data-named-by-title';

const CONTROL = 'button, a, [role="button"], [role="menuitem"], [role="tab"]';

/**
 * Whether the icon's control is named without it: by its text or label, or by the translated title
 * antd puts on it or its container (the pagination's 上一页). An icon drawn outside a control is
 * decoration. A control named by its icon alone keeps it (the sweep shows it, to be given a label).
 */
function nameWithout(icon: HTMLElement): boolean {
  const control = icon.parentElement?.closest<HTMLElement>(CONTROL);
  if (!control) return true;
  if (control.getAttribute('aria-label') || control.getAttribute('aria-labelledby')) return true;
  if (control.textContent?.trim()) return true;
  const title = control.title || control.parentElement?.title;
  if (!title) return false;
  control.setAttribute(TITLED, '');
  control.setAttribute('aria-label', title);
  return true;
}

type Translate = (key: string, values: Record<string, string>) => string;

/**
 * What a screen reader reads follows the language where antd's internals speak English and take
 * no props: an icon is named after its picture ("appstore", "search", "down") wherever antd or a
 * screen draws one, and rc-tabs says "Tab 1 of 3". An icon still carrying antd's own name (its
 * `anticon-<name>` class) is decoration, hidden from assistive technology: its button or link is
 * named by its text or its own translated label. An icon given a label of ours keeps it.
 */
export function namesFollowLanguage(t: Translate, root: HTMLElement = document.body): () => void {
  // at once, not on the next frame: a live region is read as soon as it changes
  const mark = () => {
    for (const control of root.querySelectorAll<HTMLElement>(`[${TITLED}]`)) {
      const title = control.title || control.parentElement?.title;
      if (title && control.getAttribute('aria-label') !== title) control.setAttribute('aria-label', title);
    }
    for (const [selector, key] of ICON_CONTROLS)
      for (const control of root.querySelectorAll(selector)) {
        const said = t(key, {});
        if (control.getAttribute('aria-label') !== said) control.setAttribute('aria-label', said);
      }
    for (const icon of root.querySelectorAll<HTMLElement>('.anticon[role="img"]:not([aria-hidden])')) {
      const label = icon.getAttribute('aria-label');
      if (label && icon.classList.contains(`anticon-${label}`) && nameWithout(icon))
        icon.setAttribute('aria-hidden', 'true');
    }
    for (const live of root.querySelectorAll<HTMLElement>('[role="tab"] [aria-live]')) {
      // React's own text node is rewritten, so React's next update of it is seen and translated again
      const text = live.firstChild;
      const place = text?.nodeType === Node.TEXT_NODE ? TAB_PLACE.exec(text.nodeValue ?? '') : null;
      if (!text || !place) continue;
      const said = t('a11y.tabPlace', { n: place[1] ?? '', of: place[2] ?? '' });
      if (said !== text.nodeValue) text.nodeValue = said;
    }
  };
  const observer = new MutationObserver(mark);
  // a changed icon keeps its element (React sets the new name), antd retitles in another language,
  // a tab's place changes as its text
  observer.observe(root, {
    childList: true,
    subtree: true,
    characterData: true,
    attributeFilter: ['aria-label', 'title'],
  });
  mark();
  return () => observer.disconnect();
}
