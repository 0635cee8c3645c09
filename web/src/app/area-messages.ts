import { i18n } from './i18n.ts';
import { type Bilingual, mergeCatalogues, pickLanguage } from './messages.ts';

/**
 * The words of an area that shows them on its own pages only (the workflow: its screens, dialogs and
 * the bpmn-js designer), added to both languages when the area's first module loads: they stay out
 * of the screens' chunk every signed-in page waits for (issue 17's first load), and a change of
 * language still needs no load. A key another catalogue defines stops the area, as in screen-messages.
 * The file that holds an area's words is named `area-messages.ts` (web/test/locales.test.ts reads
 * them with the rest).
 */
export function addAreaMessages(messages: Bilingual): void {
  for (const [language, index] of [
    ['zh', 0],
    ['en', 1],
  ] as const) {
    const current = i18n.getResourceBundle(language, 'translation') ?? {};
    // the whole catalogue in place of the old (not deep): i18next's deep add writes into the objects
    // it holds, which are the core catalogues' own
    const merged = mergeCatalogues(current, pickLanguage(messages, index));
    i18n.addResourceBundle(language, 'translation', merged, false, true);
  }
}
