export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** A message in every language the product speaks. */
export type Message = Record<Locale, string>;

const catalogue = new Map<string, Message>();

/**
 * Adds messages to the one catalogue. The platform and each module register their own keys;
 * a key registered twice is a programming error.
 */
export function defineMessages<K extends string>(messages: Record<K, Message>): { [P in K]: P } {
  const keys = {} as { [P in K]: P };
  for (const [key, message] of Object.entries(messages) as [K, Message][]) {
    if (catalogue.has(key) && catalogue.get(key) !== message) throw new Error(`message ${key} defined twice`);
    catalogue.set(key, message);
    keys[key] = key;
  }
  return keys;
}

export function hasMessage(key: string): boolean {
  return catalogue.has(key);
}

/** A message parameter that is itself a message (a noun in the reader's language). */
export interface MessageRef {
  messageKey: string;
  params?: Record<string, unknown>;
}
const isMessageRef = (v: unknown): v is MessageRef => typeof v === 'object' && v !== null && 'messageKey' in v;

/** The message in the locale, with `{name}` placeholders filled. An unknown key is returned as is. */
export function translate(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const message = catalogue.get(key)?.[locale] ?? key;
  if (!message.includes('{')) return message;
  const fill = (v: unknown) => (isMessageRef(v) ? translate(locale, v.messageKey, v.params) : String(v));
  return message.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? fill(params[name]) : `{${name}}`));
}

// A client sends the same header with every call: its locale is remembered (a few headers in practice).
const picked = new Map<string, Locale>();
const MOST_PICKED = 1000;

/** Picks zh-CN or en-US from an Accept-Language header, by quality; Chinese is the default. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let locale = picked.get(acceptLanguage);
  if (!locale) {
    if (picked.size >= MOST_PICKED) picked.clear();
    locale = rankLocale(acceptLanguage);
    picked.set(acceptLanguage, locale);
  }
  return locale;
}

function rankLocale(acceptLanguage: string): Locale {
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...attrs] = part.trim().toLowerCase().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number.parseFloat(q.slice(2)) : 1 };
    })
    .filter((r) => r.tag && !Number.isNaN(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}
