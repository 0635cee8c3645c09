import '@univerjs/preset-sheets-core/lib/index.css';
import { type FWorkbook, UniverSheetsCorePreset } from '@univerjs/preset-sheets-core';
import { createUniver, type FUniver, type IWorkbookData, LocaleType, mergeLocales } from '@univerjs/presets';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Locale = typeof LocaleType.ZH_CN | typeof LocaleType.EN_US;
const localeOf = (language: string): Locale => (language === 'en' ? LocaleType.EN_US : LocaleType.ZH_CN);

// Only the language in use is fetched (each pack is a chunk of its own, of some 100 kB).
const PACKS: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  [LocaleType.ZH_CN]: () => import('@univerjs/preset-sheets-core/locales/zh-CN'),
  [LocaleType.EN_US]: () => import('@univerjs/preset-sheets-core/locales/en-US'),
};
const packOf = (locale: Locale) => PACKS[locale]().then((m) => mergeLocales(m.default));

interface Props {
  /** The workbook the sheet opens with; from then on the sheet holds it (read it with `save()`). */
  workbook: Partial<IWorkbookData>;
  /** The workbook once drawn and settled, and null when the sheet goes. */
  onReady(book: FWorkbook | null): void;
  /** The sheet's accessible name. */
  label: string;
}

/** A Univer sheet (grid, toolbar, formula bar) in the product's language, which follows its changes. */
export function UniverSheet({ workbook, onReady, label }: Props) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const api = useRef<FUniver | null>(null);
  const first = useRef({ workbook, onReady, language: i18n.language });

  useEffect(() => {
    const { workbook, onReady, language } = first.current;
    let gone = false;
    let dispose = () => {};
    const locale = localeOf(language);
    void packOf(locale).then((pack) => {
      if (gone || !container.current) return;
      const { univer, univerAPI } = createUniver({
        locale,
        locales: { [locale]: pack },
        // no focus taken when drawn: it would steal what is being typed into the report's name
        presets: [UniverSheetsCorePreset({ container: container.current, footer: false, disableAutoFocus: true })],
      });
      api.current = univerAPI;
      dispose = () => univer.dispose();
      const book = univerAPI.createWorkbook(workbook);
      // Univer's cell editor takes the focus once, when its interface first draws (it reads disableAutoFocus
      // too late): the workbook is handed over after that, so the designer around it cannot lose a choice
      // being made (a list closes when its focus goes) to it.
      const sheet = container.current;
      const settled = () => {
        clearTimeout(timer);
        sheet.removeEventListener('focusin', settled);
        if (!gone) onReady(book);
      };
      const timer = setTimeout(settled, 3000);
      sheet.addEventListener('focusin', settled);
    });
    return () => {
      gone = true;
      api.current = null;
      onReady(null);
      dispose();
    };
  }, []);

  useEffect(() => {
    const locale = localeOf(i18n.language);
    void packOf(locale).then((pack) => {
      api.current?.loadLocales(locale, pack);
      api.current?.setLocale(locale);
    });
  }, [i18n.language]);

  return <section ref={container} aria-label={label} style={{ height: '100%', minHeight: 480 }} />;
}
