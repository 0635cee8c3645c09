import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuEntry } from '../../app/menu.ts';
import { useMenuLabel } from '../../app/menu-label.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** A menu entry whose page is not built yet: said plainly, inside the layout, never a blank. */
export function NotAvailablePage({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = useMenuLabel();
  useDocumentTitle(`menu.${entry.code}`);
  return (
    <Result
      status="info"
      title={t('notAvailable.title')}
      subTitle={t('notAvailable.description', { name: label(entry) })}
      extra={
        <Button type="primary" onClick={() => navigate('/wel/index')}>
          {t('notAvailable.backHome')}
        </Button>
      }
    />
  );
}
