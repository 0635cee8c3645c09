import Modeler from 'bpmn-js/lib/Modeler';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BPMN_ZH } from './bpmn-zh.ts';
import type { Canvas, DiagramElement, EventBus } from './diagram-services.ts';
import { engineElementsModule } from './engine-elements.ts';
import { flowableModdle } from './flowable-moddle.ts';
import { mainProcess, nameProcess } from './model-xml.ts';
import { translateModule } from './translate.ts';

export interface ModelerState {
  /** The running modeler (null until built); its services for the element form. */
  modeler: Modeler | null;
  /** The element chosen on the canvas, or the diagram's root when none is. */
  selected: DiagramElement | null;
  /** Grows with every change of the diagram, so the element form reads the element again. */
  revision: number;
  /** Changed since it was opened, imported or saved. */
  dirty: boolean;
  /** A file's XML in place of the diagram, answering its process's id and name; rejects with bpmn-js's reason. */
  importXml(xml: string): Promise<{ id?: string; name?: string }>;
  /** The diagram as BPMN XML, its process named after the model. */
  exportXml(key: string, name: string): Promise<string>;
  exportSvg(): Promise<string>;
  markSaved(): void;
}

/**
 * A bpmn-js Modeler in the container (once it is in the page: a drawer mounts its content after
 * its first render), in the page's language (palette, context pad and menus say
 * their words through our translate module; a change of language builds it again on the latest
 * XML), offering the engine's elements only, with Flowable's attributes kept.
 */
export function useModeler(container: HTMLElement | null, initialXml: string): ModelerState {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  // The latest XML, from which a rebuilt modeler (another language) starts.
  const xml = useRef(initialXml);

  useEffect(() => {
    if (!container) return;
    const built = new Modeler({
      container,
      moddleExtensions: { flowable: flowableModdle },
      additionalModules: [engineElementsModule, translateModule(language === 'zh' ? BPMN_ZH : null)],
    });
    const bus = built.get<EventBus>('eventBus');
    const root = () => built.get<Canvas>('canvas').getRootElement();
    const onSelection = (event: Record<string, unknown>) =>
      setSelected((event.newSelection as DiagramElement[])[0] ?? root());
    const onChange = () => {
      setDirty(true);
      setRevision((r) => r + 1);
      void built.saveXML().then((saved) => {
        if (saved.xml) xml.current = saved.xml;
      });
    };
    bus.on('selection.changed', onSelection);
    bus.on('commandStack.changed', onChange);
    let live = true;
    void built.importXML(xml.current).then(() => {
      if (!live) return;
      built.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
      setSelected(root());
      setModeler(built);
    });
    return () => {
      live = false;
      bus.off('selection.changed', onSelection);
      bus.off('commandStack.changed', onChange);
      built.destroy();
      setModeler(null);
    };
  }, [container, language]);

  const importXml = useCallback(
    async (text: string) => {
      if (!modeler) return {};
      await modeler.importXML(text);
      xml.current = text;
      const canvas = modeler.get<Canvas>('canvas');
      canvas.zoom('fit-viewport', 'auto');
      setSelected(canvas.getRootElement());
      setDirty(true);
      setRevision((r) => r + 1);
      const process = mainProcess(canvas.getRootElement().businessObject);
      return { id: process?.id, name: process?.name };
    },
    [modeler],
  );

  const exportXml = useCallback(
    async (key: string, name: string) => {
      if (!modeler) throw new Error('The modeler is not ready');
      const process = mainProcess(modeler.get<Canvas>('canvas').getRootElement().businessObject);
      if (process) nameProcess(process, key, name);
      const saved = await modeler.saveXML({ format: true });
      return saved.xml ?? '';
    },
    [modeler],
  );

  const exportSvg = useCallback(async () => {
    if (!modeler) throw new Error('The modeler is not ready');
    return (await modeler.saveSVG()).svg;
  }, [modeler]);

  return { modeler, selected, revision, dirty, importXml, exportXml, exportSvg, markSaved: () => setDirty(false) };
}
