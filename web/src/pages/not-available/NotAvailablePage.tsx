import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/**
 * A page not built yet (a menu entry, or a fixed route of spec §2 such as the leave pages): said
 * plainly, inside the layout, never a blank. `labelKey` names it; `name` is the text without one.
 */
export function NotAvailablePage({ labelKey, name }: { labelKey: string; name?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(labelKey, name);
  return (
    <Result
      status="info"
      title={t('notAvailable.title')}
      subTitle={t('notAvailable.description', { name: t(labelKey, { defaultValue: name ?? labelKey }) })}
      extra={
        <Button type="primary" onClick={() => navigate('/wel/index')}>
          {t('notAvailable.backHome')}
        </Button>
      }
    />
  );
}
