import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** /myiframe/urlPath?src=&name=: an external page of the menu, inside the layout. Only http(s) pages. */
export function MyIframePage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const src = query.get('src') ?? '';
  const name = query.get('name') ?? src;
  useDocumentTitle(name);
  if (!/^https?:\/\//i.test(src)) return <Alert type="error" title={t('iframe.blocked')} />;
  return <iframe title={name} src={src} style={{ width: '100%', height: 'calc(100vh - 170px)', border: 0 }} />;
}
