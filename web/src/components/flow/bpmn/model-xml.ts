import type { BusinessObject } from './diagram-services.ts';

/**
 * A model's key is its process id (Flowable's rule, and the engine's): an XML name that starts
 * with a letter or `_` and holds letters, digits, `_`, `-` and `.` only.
 */
export const MODEL_KEY = /^[A-Za-z_][\w.-]*$/;

/** A new model: an executable process holding a start event, as the designer opens it. */
export const newModelXml = (key = 'process', name = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="definitions" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${key}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/**
 * Names the process after its model before the XML is written: its id is the model's key, its name
 * the model's name, and it is executable (the engine runs only executable processes).
 */
export function nameProcess(process: BusinessObject, key: string, name: string): void {
  process.id = key;
  process.name = name;
  process.isExecutable = true;
}

/** The process a diagram's root stands for: itself, or a collaboration's first pool's process. */
export function mainProcess(root: BusinessObject): BusinessObject | undefined {
  if (root.$type === 'bpmn:Process') return root;
  const participants = (root.participants ?? []) as { processRef?: BusinessObject }[];
  return participants.find((p) => p.processRef)?.processRef;
}
