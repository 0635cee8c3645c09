import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelView } from '../../api/flow.ts';
// the workflow's words come with its first page
import './area-messages.ts';

// bpmn-js and its styles come with the first diagram shown, never with the pages around it (issue 18).
const DiagramViewer = lazy(() => import('./bpmn/DiagramViewer.tsx'));

/** A process definition's drawing, or an instance's with what has happened in it. */
export type DiagramOf = { processDefinitionId: string } | { processInstanceId: string };

const spinner = <Spin style={{ display: 'block', margin: 48 }} />;

/** The diagram of a definition or an instance, read from `process/model-view`. */
export function FlowDiagram({ of, height }: { of: DiagramOf; height?: number | string }) {
  const view = useQuery({ queryKey: ['flow', 'model-view', of], queryFn: () => modelView(of) });
  if (!view.data) return view.isError ? null : spinner;
  return (
    <Suspense fallback={spinner}>
      <DiagramViewer view={view.data} height={height} />
    </Suspense>
  );
}

/** Spec §2's "flow chart display" dialog: `open(of)` shows it, render `element`. */
export function useDiagramDialog(): { open(of: DiagramOf): void; element: ReactNode } {
  const { t } = useTranslation();
  const [of, setOf] = useState<DiagramOf | null>(null);
  const element = of && (
    <Modal
      open
      title={t('flow.diagram.title')}
      width={1000}
      mask={{ closable: false }}
      footer={null}
      onCancel={() => setOf(null)}
      destroyOnHidden
    >
      <FlowDiagram of={of} />
    </Modal>
  );
  return { open: setOf, element };
}
