import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyReport, REPORT } from '../../../api/report.ts';
import { subPath } from '../../../app/sub-routes.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

const HERE = '/report/reportlist';

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

/** /report/reportlist, 报表列表: reports designed in the browser, previewed and exported from here. */
export default function ReportListPage() {
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
