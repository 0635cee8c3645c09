import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row as Grid } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../../api/http.ts';
import { type ChartOption, EChart } from '../../../components/chart/EChart.tsx';
import type { Row } from '../../../components/crud/types.ts';
import { REPORT_API } from './tables.tsx';

/** A chart endpoint's rows (decimals come as text: the charts make numbers of them). */
function useRows(path: string) {
  return useQuery({
    queryKey: ['report', path],
    queryFn: () => http<Envelope<Row[]>>({ url: `${REPORT_API}/${path}` }).then((r) => r.data),
  }).data;
}

const num = (v: unknown) => Number(v ?? 0);

/** Whether loaded rows have nothing to draw (no rows, or every value 0): the chart then says so. */
export const nothingIn = (rows: Row[] | undefined, fields: string[]) =>
  rows?.every((r) => fields.every((f) => num(r[f]) === 0)) ?? false;
const barOf = (names: string[], values: number[], name: string): ChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 } },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', name, data: values }],
});

/** Stock value by material type, inbound and outbound by month, the most consumed materials. */
export function ReportCharts() {
  const { t } = useTranslation();
  const byType = useRows('valueByType');
  const flow = useRows('monthlyFlow?months=12');
  const top = useRows('topConsumed?limit=10');

  const typeOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          name: t('report.chart.valueByType'),
          radius: ['35%', '65%'],
          data: (byType ?? []).map((r) => ({ name: String(r.typeName ?? ''), value: num(r.amount) })),
        },
      ],
    }),
    [byType, t],
  );
  const flowOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 8, right: 16, top: 16, bottom: 32, containLabel: true },
      xAxis: { type: 'category', data: (flow ?? []).map((r) => String(r.month)) },
      yAxis: { type: 'value' },
      series: [
        { type: 'line', name: t('report.chart.inAmount'), data: (flow ?? []).map((r) => num(r.inAmount)) },
        { type: 'line', name: t('report.chart.outAmount'), data: (flow ?? []).map((r) => num(r.outAmount)) },
      ],
    }),
    [flow, t],
  );
  const topOption = useMemo(
    () =>
      barOf(
        (top ?? []).map((r) => String(r.materialName)),
        (top ?? []).map((r) => num(r.quantity)),
        t('report.chart.consumed'),
      ),
    [top, t],
  );

  // [title, option, nothing to draw]: an empty chart is an empty state, not an empty ring or grid
  const charts: [string, ChartOption, boolean][] = [
    ['report.chart.valueByType', typeOption, nothingIn(byType, ['amount'])],
    ['report.chart.monthlyFlow', flowOption, nothingIn(flow, ['inAmount', 'outAmount'])],
    ['report.chart.topConsumed', topOption, nothingIn(top, ['quantity'])],
  ];
  return (
    <Grid gutter={[16, 16]}>
      {charts.map(([title, option, empty]) => (
        <Col key={title} xs={24} xl={title === 'report.chart.topConsumed' ? 24 : 12}>
          <Card title={t(title)}>
            {empty ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.chart.empty')} />
            ) : (
              <EChart option={option} label={t(title)} />
            )}
          </Card>
        </Col>
      ))}
    </Grid>
  );
}
