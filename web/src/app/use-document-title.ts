import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page title: the translated page label, then the product name (Saber's `label - title`). */
export function useDocumentTitle(labelKey: string): void {
  const { t } = useTranslation(); // t changes with the language, so the title follows it
  useEffect(() => {
    document.title = `${t(labelKey)} - ${t('title')}`;
  }, [t, labelKey]);
}
