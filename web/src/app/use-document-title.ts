import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page title: the translated page label, then the product name (Saber's `label - title`). */
export function useDocumentTitle(labelKey: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(labelKey)} - ${t('title')}`;
  }, [t, labelKey, i18n.language]);
}
