/**
 * Messages that live beside the screen that shows them, both languages side by side, so a screen
 * cannot have a label in one language only: `{ post: { code: ['岗位编号', 'Post code'] } }`.
 * i18n.ts gathers every `messages.ts` under components/ and pages/ into the catalogues.
 */
export interface Bilingual {
  [key: string]: readonly [zh: string, en: string] | Bilingual;
}

export const defineMessages = <T extends Bilingual>(messages: T): T => messages;

export type Catalogue = { [key: string]: string | Catalogue };

/** One language's catalogue of a bilingual tree: index 0 is Chinese, 1 English. */
export function pickLanguage(messages: Bilingual, index: 0 | 1): Catalogue {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [
      key,
      Array.isArray(value) ? (value as readonly string[])[index] : pickLanguage(value as Bilingual, index),
    ]),
  ) as Catalogue;
}

/** Deep merge of b into a (new object); a key both define as text is a mistake worth hearing about. */
export function mergeCatalogues(a: Catalogue, b: Catalogue, path = ''): Catalogue {
  const out: Catalogue = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const here = out[key];
    if (here === undefined) out[key] = value;
    else if (typeof here === 'object' && typeof value === 'object')
      out[key] = mergeCatalogues(here, value, `${path}${key}.`);
    else throw new Error(`The message ${path}${key} is defined twice`);
  }
  return out;
}
