import { Alert, theme } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelView } from '../../../api/flow.ts';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './diagram.css';
import type { Canvas, ElementRegistry, GraphicsFactory } from './diagram-services.ts';
import { diagramStates } from './diagram-states.ts';
import { flowableModdle } from './flowable-moddle.ts';

interface Props {
  view: ModelView;
  height?: number | string;
}

/**
 * A process diagram (spec §2 "flow chart display") with what has happened in it, in spec §4's
 * styles on the theme's colours: finished nodes in the success colour, where the process waits in
 * the primary colour, the flows taken in the warning colour. The colours go into the diagram's own
 * drawing (so an arrowhead takes its flow's colour); the markers (`flow-done`, `flow-current`,
 * `flow-taken`) name each state on the element. bpmn.io's watermark stays as its license asks.
 */
export default function DiagramViewer({ view, height = '60vh' }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const colours = {
    done: [token.colorSuccess, token.colorSuccessBg],
    current: [token.colorPrimary, token.colorPrimaryBg],
    taken: [token.colorWarning, token.colorWarningBg],
  } as const;
  const palette = JSON.stringify(colours);

  useEffect(() => {
    if (!container) return;
    const viewer = new NavigatedViewer({ container, moddleExtensions: { flowable: flowableModdle } });
    const paint: Record<string, readonly [string, string]> = JSON.parse(palette);
    let live = true;
    viewer
      .importXML(view.xml)
      .then(() => {
        if (!live) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<ElementRegistry>('elementRegistry');
        const graphics = viewer.get<GraphicsFactory>('graphicsFactory');
        const states = diagramStates(view.flow);
        for (const [state, ids] of Object.entries({
          done: states.done,
          current: states.current,
          taken: states.taken,
        })) {
          const [stroke, fill] = paint[state] ?? [];
          for (const id of ids) {
            const element = registry.get(id);
            if (!element?.di) continue; // history of an element the drawing does not show
            element.di.set('color:border-color', stroke);
            if (!element.waypoints) element.di.set('color:background-color', fill);
            graphics.update(element.waypoints ? 'connection' : 'shape', element, registry.getGraphics(element));
            canvas.addMarker(element, `flow-${state}`);
          }
        }
        canvas.zoom('fit-viewport', 'auto');
      })
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [container, view, palette]);

  if (failed) return <Alert type="error" showIcon title={t('flow.diagram.unreadable')} description={failed} />;
  return <figure ref={setContainer} className="cw-diagram" aria-label={t('flow.diagram.title')} style={{ height }} />;
}
