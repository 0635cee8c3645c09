import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** /403, /404 and /500. */
export function ErrorPage({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(`error.${status}.title`);
  return (
    <Result
      status={status}
      title={t(`error.${status}.title`)}
      subTitle={t(`error.${status}.description`)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
