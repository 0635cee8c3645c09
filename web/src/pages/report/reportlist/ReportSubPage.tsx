import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubRoute } from '../../../app/sub-routes.ts';
import { useDocumentTitle } from '../../../app/use-document-title.ts';
import { ReportViewer } from './ReportViewer.tsx';

// Univer (≈1.6 MB compressed) and its styles come with the designer's first opening only.
const ReportDesigner = lazy(() => import('./ReportDesigner.tsx'));

/** /report/reportlist/view/{id} and /report/reportlist/design/{id} (`new` for a new report). */
export default function ReportSubPage({ route }: { route: SubRoute }) {
  const { t } = useTranslation();
  useDocumentTitle(route.label);
  if (route.screen === 'view') return <ReportViewer id={route.id} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} tip={t('reportList.design.loading')} />}>
      <ReportDesigner id={route.id === 'new' ? null : route.id} />
    </Suspense>
  );
}
