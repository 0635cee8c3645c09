import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportDatasets, reportDetail } from '../../../api/report.ts';
import { Designer } from '../../../components/report/designer/Designer.tsx';
import { useLoaded } from '../../../components/report/use-loaded.ts';

/** /report/reportlist/design/{id}: a stored report (or, `id` null, a new one) in the designer. */
export default function ReportDesigner({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const report = useLoaded(id === null ? null : () => reportDetail(id));
  const choice = useLoaded(reportDatasets);
  if (report.failed || choice.failed) return <Result status="warning" title={t('reportList.unreadable')} />;
  if ((id !== null && !report.data) || !choice.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <Designer report={report.data ?? null} choice={choice.data} onBack={() => navigate('/report/reportlist')} />;
}
