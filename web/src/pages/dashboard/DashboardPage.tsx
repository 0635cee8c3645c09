import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** /wel/dashboard: who is signed in, in which tenant, with which roles (the warehouse figures live on the home page). */
export function DashboardPage() {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  useDocumentTitle('dashboard.pageTitle');
  return (
    <Card title={t('dashboard.pageTitle')}>
      <Descriptions
        column={1}
        items={[
          { key: 'tenant', label: t('dashboard.tenant'), children: String(userInfo.tenant_id ?? '') },
          { key: 'account', label: t('dashboard.account'), children: String(userInfo.account ?? '') },
          { key: 'name', label: t('dashboard.name'), children: String(userInfo.nick_name ?? '') },
          { key: 'roles', label: t('dashboard.roles'), children: String(userInfo.role_name ?? '') },
        ]}
      />
    </Card>
  );
}
