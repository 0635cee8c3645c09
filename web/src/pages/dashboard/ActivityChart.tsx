import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../components/chart/EChart.tsx';
import type { DashboardFigures } from './figures.ts';

/** Calls and errors per day, as bars: loaded with the dashboard only (echarts is a chunk of its own). */
export default function ActivityChart({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const series: ChartOption['series'] = [];
    if (figures.apiCalls) series.push({ type: 'bar', name: t('dashboard.apiCalls'), data: figures.apiCalls });
    if (figures.errors) series.push({ type: 'bar', name: t('dashboard.errors'), data: figures.errors });
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 40, right: 16, bottom: 24, top: 40 },
      xAxis: { type: 'category', data: figures.days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series,
    };
  }, [figures, t]);
  return <EChart option={option} height={280} label={t('dashboard.activityChart')} />;
}
