import { FLOW } from '../../api/flow.ts';
import type { CrudResource, FieldSpec } from '../crud/types.ts';
import { StateTag } from '../warehouse/fields.tsx';
import { categoryField, suspensionField, versionField } from './flow-fields.tsx';

/** The work lists of 我的事务 (spec §7 "Flow" work): what each is read from and shows. */
export type WorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done';

const datetime = (name: string, label: string, sortable = false): FieldSpec => ({
  name,
  label,
  type: 'datetime',
  sortable,
});

/** Definitions one may start: the latest version of each (BladeX `FlowProcess`). */
const startFields: FieldSpec[] = [
  { name: 'tenantId', label: 'flow.tenantId' },
  categoryField(),
  // start-list filters by category only
  { name: 'name', label: 'flow.processName' },
  { name: 'key', label: 'flow.processKey' },
  versionField('version'),
  suspensionField,
  datetime('deploymentTime', 'flow.deploymentTime'),
];

/** Steps of processes (BladeX `BladeFlow`): the same columns in every list, the state where it tells. */
const stepFields = (kind: Exclude<WorkKind, 'start'>): FieldSpec[] => [
  categoryField(),
  { name: 'processDefinitionName', label: 'flow.processName', search: true },
  { name: 'taskName', label: kind === 'done' ? 'flow.work.doneStep' : 'flow.work.step' },
  versionField('processDefinitionVersion'),
  ...(kind === 'send' || kind === 'done'
    ? [
        {
          name: 'processIsFinished',
          label: 'flow.work.finished',
          render: (v: unknown) => (
            <StateTag value={v} prefix="flow.work.finishedOf" colors={{ finished: 'green', unfinished: 'blue' }} />
          ),
        },
      ]
    : []),
  datetime('createTime', kind === 'send' ? 'flow.work.startTime' : 'flow.work.createTime'),
  ...(kind === 'done' ? [datetime('historyTaskEndTime', 'flow.work.doneTime')] : []),
];

/** The list of a kind of work, on the CRUD mechanism; its actions are the page's (WorkListPage). */
export function workResource(kind: WorkKind): CrudResource {
  return {
    api: FLOW.work,
    listPath: `${kind}-list`,
    permissions: {},
    fields: kind === 'start' ? startFields : stepFields(kind),
    rowKey: kind === 'start' ? 'id' : kind === 'send' ? 'processInstanceId' : 'taskId',
    // the steps' lists filter by the time a step (a process, for send) was created
    createTimeRange: kind === 'start' ? false : { from: 'beginDate', to: 'endDate' },
  };
}
