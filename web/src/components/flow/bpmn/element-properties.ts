import type { BusinessObject, DiagramElement } from './diagram-services.ts';

/** The properties of an element the engine reads, as the element form edits them (text). */
export interface ElementProperties {
  id: string;
  name: string;
  assignee?: string;
  candidateUsers?: string[];
  candidateGroups?: string[];
  initiator?: string;
  condition?: string;
}

/** Which of the engine's properties an element has, by its type. */
export function editableOf(element: DiagramElement): (keyof ElementProperties)[] {
  switch (element.type) {
    case 'bpmn:UserTask':
      return ['id', 'name', 'assignee', 'candidateUsers', 'candidateGroups'];
    case 'bpmn:StartEvent':
      return ['id', 'name', 'initiator'];
    case 'bpmn:SequenceFlow':
      // the flows out of a parallel gateway are all taken: a condition there means nothing
      return element.source?.type === 'bpmn:ParallelGateway' ? ['id', 'name'] : ['id', 'name', 'condition'];
    default:
      return ['id', 'name'];
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) =>
  text(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** An element's properties as the form shows them. */
export function readProperties(bo: BusinessObject): ElementProperties {
  const condition = bo.conditionExpression as { body?: string } | undefined;
  return {
    id: bo.id,
    name: text(bo.name),
    assignee: text(bo.get('flowable:assignee')),
    candidateUsers: list(bo.get('flowable:candidateUsers')),
    candidateGroups: list(bo.get('flowable:candidateGroups')),
    initiator: text(bo.get('flowable:initiator')),
    condition: text(condition?.body),
  };
}

const joined = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();

/**
 * Whether an edit leaves the element as it is. A no-op edit (an input left as it was) must not reach
 * the diagram: each change re-reads the forms, which would wipe what is being typed in the next input.
 */
export function isUnchanged(bo: BusinessObject, name: keyof ElementProperties, value: string | string[] | undefined) {
  return joined(value) === joined(readProperties(bo)[name]);
}

/**
 * One edited property as the element's attributes (`modeling.updateProperties`): empty text removes
 * the attribute; lists are comma-joined, as Flowable writes them; a condition is a formal expression.
 */
export function toAttributes(
  name: keyof ElementProperties,
  value: string | string[],
  formalExpression: (body: string) => unknown,
): Record<string, unknown> {
  const text = joined(value);
  const orNone = text || undefined;
  switch (name) {
    case 'id':
    case 'name':
      return { [name]: text };
    case 'condition':
      return { conditionExpression: orNone && formalExpression(orNone) };
    default:
      return { [`flowable:${name}`]: orNone };
  }
}
