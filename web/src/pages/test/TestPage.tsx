import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** /test/index: the spec's mock page, kept so that links to it land somewhere. */
export function TestPage() {
  const { t } = useTranslation();
  useDocumentTitle('testPage.title');
  return <Result status="info" title={t('testPage.title')} subTitle={t('testPage.description')} />;
}
