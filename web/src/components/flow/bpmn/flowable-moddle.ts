/**
 * The Flowable attributes this product's engine reads (research §1.4, the same descriptor the server
 * passes to bpmn-engine): who a user task goes to, who may claim it, and which variable names the
 * starter. Registered as a moddle extension, so bpmn-js keeps them through import, edit and export.
 */
export const flowableModdle = {
  name: 'Flowable',
  uri: 'http://flowable.org/bpmn',
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
