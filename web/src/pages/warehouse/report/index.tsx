import { Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { useExport } from '../../../components/warehouse/use-export.tsx';
import { ReportCharts } from './Charts.tsx';
import { inventoryDetail, inventoryMaterias, priceCount, REPORT_API } from './tables.tsx';

const TABLES: [key: string, resource: CrudResource][] = [
  ['inventoryDetail', inventoryDetail],
  ['inventoryMaterias', inventoryMaterias],
  ['MaterialsPriceCount', priceCount],
];

/** /warehouse/report: the charts, and the three report tables, each exported with its filters. */
export default function ReportPage() {
  const { t } = useTranslation();
  const exporter = useExport();
  const [active, setActive] = useState('charts');
  const tables = useMemo(
    () =>
      TABLES.map(([key, resource]) => ({
        key,
        label: t(`report.tab.${key}`),
        children: (
          <CrudPage
            resource={{
              ...resource,
              toolbar: [
                {
                  label: 'report.export',
                  permission: 'warehouse_report_export',
                  onClick: ({ filters }) => exporter.start(`${REPORT_API}/${key}Excel`, filters, `${key}.xlsx`),
                },
              ],
            }}
          />
        ),
      })),
    [t, exporter.start],
  );
  return (
    <>
      <Tabs
        activeKey={active}
        onChange={setActive}
        // only the open tab is drawn: every CrudPage's search form has the same element ids
        items={[{ key: 'charts', label: t('report.tab.charts'), children: <ReportCharts /> }, ...tables].map((tab) => ({
          ...tab,
          children: tab.key === active ? tab.children : null,
        }))}
      />
      {exporter.element}
    </>
  );
}
