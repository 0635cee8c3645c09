import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US.ts';
import { zhCN } from '../locales/zh-CN.ts';
import { type Bilingual, type Catalogue, mergeCatalogues, pickLanguage } from './messages.ts';
import { getStore, setStore } from './storage.ts';

/** The product's languages as Saber names them (`saber-language`), default Chinese. */
export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];

export function storedLanguage(): Language {
  const stored = getStore<string>('language');
  return stored === 'en' ? 'en' : 'zh';
}

// Every screen's own messages.ts (see messages.ts), merged into the two catalogues.
const screenMessages = Object.values(
  import.meta.glob<Bilingual>(['../components/**/messages.ts', '../pages/**/messages.ts'], {
    eager: true,
    import: 'default',
  }),
);
export const catalogues = {
  zh: screenMessages.reduce<Catalogue>((all, m) => mergeCatalogues(all, pickLanguage(m, 0)), zhCN),
  en: screenMessages.reduce<Catalogue>((all, m) => mergeCatalogues(all, pickLanguage(m, 1)), enUS),
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: catalogues.zh }, en: { translation: catalogues.en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});

const markPage = (language: Language) => {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en-US';
};
markPage(storedLanguage());

export function setLanguage(language: Language): void {
  setStore('language', language);
  void i18n.changeLanguage(language);
  markPage(language);
}

/** The Accept-Language the server needs to answer in the user's language. */
export const httpLanguage = () => (i18n.language === 'en' ? 'en-US' : 'zh-CN');
