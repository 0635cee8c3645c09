import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from './i18n.ts';
import './plain.css';

/**
 * Chinese / English; the current language is pressed and disabled (spec §2). Plain buttons, not
 * antd's Segmented: the login page shows it before antd is loaded (issue 17).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <fieldset aria-label={t('language.label')} className="cw-language">
      {LANGUAGES.map((language: Language) => (
        <button
          key={language}
          type="button"
          aria-pressed={language === i18n.language}
          disabled={language === i18n.language}
          onClick={() => setLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
