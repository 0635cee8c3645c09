/**
 * The `flowable:` attributes this product reads (a moddle package, as bpmn-moddle and bpmn-js take
 * them): a user task's assignee, candidate users and candidate groups, and the start event's
 * initiator variable. The web's modeler registers the same package, so what it writes is what
 * the engine reads.
 */
export const FLOWABLE_NS = 'http://flowable.org/bpmn';

export const flowableModdle = {
  name: 'Flowable',
  uri: FLOWABLE_NS,
  prefix: 'flowable',
  associations: [],
  types: [
    {
      name: 'Assignable',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'Initiator',
      extends: ['bpmn:StartEvent'],
      properties: [{ name: 'initiator', isAttr: true, type: 'String' }],
    },
  ],
};
