import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US.ts';
import { zhCN } from '../locales/zh-CN.ts';
import { getStore, setStore } from './storage.ts';

/** The product's languages as Saber names them (`saber-language`), default Chinese. */
export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];

export function storedLanguage(): Language {
  const stored = getStore<string>('language');
  return stored === 'en' ? 'en' : 'zh';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // the core catalogues (the login page's); the screens' come with the pages (loadScreenMessages)
  resources: { zh: { translation: zhCN }, en: { translation: enUS } },
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

let screenMessages: Promise<void> | undefined;

/**
 * The screens' messages, loaded with every page but the login page (router.tsx `withAntd`) and added
 * to both languages, so a change of language needs no load.
 */
export function loadScreenMessages(): Promise<void> {
  screenMessages ??= import('./screen-messages.ts').then(
    ({ catalogues }) => {
      for (const language of LANGUAGES)
        i18n.addResourceBundle(language, 'translation', catalogues[language], true, true);
    },
    (error: unknown) => {
      screenMessages = undefined; // tried again with the next page
      throw error;
    },
  );
  return screenMessages;
}
