import { enUS } from '../locales/en-US.ts';
import { zhCN } from '../locales/zh-CN.ts';
import { type Bilingual, type Catalogue, mergeCatalogues, pickLanguage } from './messages.ts';

// Every screen's own messages.ts (see messages.ts), merged with the core catalogues into the two
// whole catalogues. A chunk of its own: the login page needs only the core (i18n.ts loadScreenMessages).
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
