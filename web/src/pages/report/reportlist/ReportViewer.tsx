import { Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportReport, previewReport, reportDetail } from '../../../api/report.ts';
import { saveFile } from '../../../app/save-file.ts';
import { ReportPreview } from '../../../components/report/ReportPreview.tsx';
import { useLoaded } from '../../../components/report/use-loaded.ts';

/** /report/reportlist/view/{id}: a stored report with its parameters, previewed and exported. */
export function ReportViewer({ id }: { id: string }) {
  const { t } = useTranslation();
  const report = useLoaded(() => reportDetail(id));
  if (report.failed) return <Result status="warning" title={t('reportList.unreadable')} />;
  if (!report.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const { name, template } = report.data;
  return (
    <Card variant="borderless" title={name}>
      <ReportPreview
        params={template.params}
        label={name}
        render={(values) => previewReport({ id }, values)}
        onExport={(format, values) =>
          exportReport(id, format, values).then((blob) => saveFile(blob, `${name}.${format}`))
        }
      />
    </Card>
  );
}
