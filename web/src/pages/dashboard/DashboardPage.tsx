import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Row, Space, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { KeyFigureCards } from '../wel/KeyFigures.tsx';
import { anyFigure, type DashboardFigures, readFigures } from './figures.ts';

// echarts comes with this chart only, after the figures are on screen.
const ActivityChart = lazy(() => import('./ActivityChart.tsx'));

const today = (series: number[] | null) => series?.at(-1) ?? 0;

function FigureCard({ label, value }: { label: string; value: number }) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Card>
        <Statistic title={label} value={value} />
      </Card>
    </Col>
  );
}

/** The tenant's own figures, each shown to who may read its source (the server leaves out the rest). */
function Figures({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation();
  const { users, apiCalls, errors, warehouse } = figures;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {users && <FigureCard label={t('dashboard.users')} value={users.total} />}
        {users && <FigureCard label={t('dashboard.signedInWeek')} value={users.signedInWeek} />}
        {apiCalls && <FigureCard label={t('dashboard.apiCallsToday')} value={today(apiCalls)} />}
        {errors && <FigureCard label={t('dashboard.errorsToday')} value={today(errors)} />}
      </Row>
      {(apiCalls || errors) && (
        <Card title={t('dashboard.activity')}>
          <Suspense fallback={<div style={{ height: 280 }} />}>
            <ActivityChart figures={figures} />
          </Suspense>
        </Card>
      )}
      {warehouse && (
        <Card title={t('dashboard.warehouse')}>
          <KeyFigureCards figures={warehouse} />
        </Card>
      )}
    </Space>
  );
}

/** /wel/dashboard: who is signed in, and the real figures of their tenant. */
export function DashboardPage() {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  useDocumentTitle('dashboard.pageTitle');
  const figures = useQuery({ queryKey: ['desk', 'dashboard'], queryFn: readFigures }).data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('dashboard.pageTitle')}>
        <Descriptions
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'tenant', label: t('dashboard.tenant'), children: String(userInfo.tenant_id ?? '') },
            { key: 'account', label: t('dashboard.account'), children: String(userInfo.account ?? '') },
            { key: 'name', label: t('dashboard.name'), children: String(userInfo.nick_name ?? '') },
            { key: 'roles', label: t('dashboard.roles'), children: String(userInfo.role_name ?? '') },
          ]}
        />
      </Card>
      {!figures && <Card loading />}
      {figures && !anyFigure(figures) && <Alert type="info" showIcon title={t('dashboard.nothing')} />}
      {figures && anyFigure(figures) && <Figures figures={figures} />}
    </Space>
  );
}
