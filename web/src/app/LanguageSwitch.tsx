import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from './i18n.ts';

/** Chinese / English; the current language is selected and disabled (spec §2). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      aria-label={t('language.label')}
      value={i18n.language as Language}
      options={LANGUAGES.map((lang) => ({
        value: lang,
        label: t(`language.${lang}`),
        disabled: lang === i18n.language,
      }))}
      onChange={setLanguage}
    />
  );
}
