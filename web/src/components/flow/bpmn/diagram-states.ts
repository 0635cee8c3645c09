import type { ModelView } from '../../../api/flow.ts';

/** What spec §4 styles in a process diagram: finished nodes, the current ones, the flows taken. */
export interface DiagramStates {
  done: ReadonlySet<string>;
  current: ReadonlySet<string>;
  taken: ReadonlySet<string>;
}

/**
 * The states of a diagram's elements from its history (`model-view`'s `flow`): a sequence flow in it
 * was taken; a node without an end time is where the process waits now, which wins over an earlier
 * finished visit of the same node (a request sent back and resubmitted); any other node is finished.
 */
export function diagramStates(flow: ModelView['flow']): DiagramStates {
  const isFlow = (f: ModelView['flow'][number]) => f.historyActivityType === 'sequenceFlow';
  const taken = new Set(flow.filter(isFlow).map((f) => f.historyActivityId));
  const nodes = flow.filter((f) => !isFlow(f));
  const current = new Set(nodes.filter((f) => !f.endTime).map((f) => f.historyActivityId));
  const done = new Set(nodes.map((f) => f.historyActivityId).filter((id) => !current.has(id)));
  return { done, current, taken };
}
