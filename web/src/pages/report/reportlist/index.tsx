import { App, Spin } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { copyReport, REPORT } from '../../../api/report.ts';
import { subPath, subRoute } from '../../../app/sub-routes.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

const HERE = '/report/reportlist';
// The viewer and the designer come with the first opening of a report.
const ReportSubPage = lazy(() => import('./ReportSubPage.tsx'));

/** The stored reports: the list answers names and times, never the templates. */
export const reportResource: CrudResource = {
  api: REPORT,
  listPath: 'list',
  // design, preview and copy are the row actions below; a new report opens the designer
  permissions: { add: 'report_list_add', delete: 'report_list_delete' },
  view: false,
  createTimeRange: false,
  fields: [
    { name: 'name', max: 100, label: 'reportList.name', search: true },
    { name: 'createTime', label: 'reportList.createTime', type: 'datetime', form: false },
    { name: 'updateTime', label: 'reportList.updateTime', type: 'datetime', form: false },
  ],
};

/** /report/reportlist, 报表列表, and the pages of its reports (`view/{id}`, `design/{id}`). */
export default function ReportListScreen() {
  const { pathname } = useLocation();
  const sub = subRoute(pathname);
  if (!sub) return <ReportListPage />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <ReportSubPage route={sub} />
    </Suspense>
  );
}

/** The reports designed in the browser, previewed and exported from here. */
function ReportListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const resource = useMemo<CrudResource>(
    () => ({
      ...reportResource,
      rowActions: [
        {
          label: 'reportList.design.action',
          permission: 'report_list_design',
          onClick: (row) => navigate(subPath(HERE, 'design', String(row.id))),
        },
        {
          label: 'reportList.view.action',
          permission: 'report_list_view',
          onClick: (row) => navigate(subPath(HERE, 'view', String(row.id))),
        },
        {
          label: 'reportList.copy',
          permission: 'report_list_copy',
          onClick: (row, { reload }) =>
            void copyReport(String(row.id))
              .then(() => {
                void message.success(t('reportList.copied'));
                reload();
              })
              .catch(() => undefined), // the client has shown why
        },
      ],
    }),
    [navigate, message, t],
  );
  return <CrudPage resource={resource} onAdd={() => navigate(subPath(HERE, 'design', 'new'))} />;
}
