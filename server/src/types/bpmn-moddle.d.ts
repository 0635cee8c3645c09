// bpmn-moddle 9 ships no types: the little this server uses of it (modules/flow/engine/bpmn.ts).
declare module 'bpmn-moddle' {
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    // biome-ignore lint/suspicious/noExplicitAny: moddle elements are dynamic; bpmn.ts types what it reads
    fromXML(xml: string): Promise<any>;
  }
}
