import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportDatasets, reportDetail } from '../../../api/report.ts';
import { Designer } from '../../../components/report/designer/Designer.tsx';

/** /report/reportlist/design/{id}: a stored report (or, `id` null, a new one) in the designer. */
export default function ReportDesigner({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const report = useQuery({
    queryKey: ['report', 'detail', id],
    queryFn: () => reportDetail(String(id)),
    enabled: id !== null,
    retry: false,
    gcTime: 0, // the designer starts from what is stored now, not from what it read before
  });
  const choice = useQuery({ queryKey: ['report', 'datasets'], queryFn: reportDatasets, retry: false });
  if (report.isError || choice.isError) return <Result status="warning" title={t('reportList.unreadable')} />;
  if ((id !== null && !report.data) || !choice.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <Designer report={report.data ?? null} choice={choice.data} onBack={() => navigate('/report/reportlist')} />;
}
