import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { readPage } from '../../../platform/db/paging.ts';
import { escapeLike, type Page } from '../../../platform/http/query.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { withCategoryNames } from '../definitions.ts';
import { sqlArray } from '../runtime/record.ts';
import { type BladeFlow, businessFields, withAssignees } from '../wire.ts';
import type { WorkListQuery } from './schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: the flow tables are untyped, as every module's
type Query = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
type Eb = ExpressionBuilder<any, any>;

export type TaskList = 'claim' | 'todo' | 'done';

const TASK_LISTS: Record<TaskList, (eb: Eb, caller: Caller) => ReturnType<Eb['and']>> = {
  // open, nobody's, the caller a candidate by user or role, the instance active
  claim: (eb, caller) =>
    eb.and([
      eb('t.end_time', 'is', null),
      eb('t.assignee_id', 'is', null),
      eb('i.suspension_state', '=', 1),
      sql<boolean>`(${caller.userId}::bigint = any(t.candidate_user_ids)
                    or t.candidate_groups && ${sqlArray(caller.roleAliases, 'text')})`,
    ]),
  todo: (eb, caller) => eb.and([eb('t.end_time', 'is', null), eb('t.assignee_id', '=', caller.userId)]),
  // tasks the caller completed (not those closed by a deletion)
  done: (eb, caller) =>
    eb.and([
      eb('t.end_time', 'is not', null),
      eb('t.delete_reason', 'is', null),
      eb('t.assignee_id', '=', caller.userId),
    ]),
};

/** What every work list tells of a row's instance (`i`) and definition (`d`). */
const INSTANCE_FIELDS = [
  'i.variables',
  'i.business_key as businessKey',
  'i.id as processInstanceId',
  sql<boolean>`i.end_time is not null`.as('finished'),
  'd.category',
  'd.id as processDefinitionId',
  'd.name as processDefinitionName',
  'd.key as processDefinitionKey',
  'd.version as processDefinitionVersion',
] as const;

/** The filters of every work list: category, definition name, a creation-time window. */
function filtered(rows: Query, query: WorkListQuery, time: string): Query {
  let q = rows;
  if (query.category) q = q.where('d.category', '=', query.category);
  if (query.processDefinitionName) q = q.where('d.name', 'ilike', `%${escapeLike(query.processDefinitionName)}%`);
  if (query.beginDate) q = q.where(sql.ref(time), '>=', query.beginDate);
  if (query.endDate) q = q.where(sql.ref(time), '<=', query.endDate);
  return q;
}

/** claim-list, todo-list and done-list: the caller's tasks, paged for real (BladeX answers them all). */
export async function taskPage(
  trx: AnyTrx,
  caller: Caller,
  list: TaskList,
  query: WorkListQuery,
): Promise<Page<BladeFlow>> {
  const rows = filtered(
    trx
      .selectFrom('flow_task as t')
      .innerJoin('flow_instance as i', 'i.id', 't.instance_id')
      .innerJoin('flow_definition as d', 'd.id', 't.definition_id')
      .where('t.tenant_id', '=', caller.tenantId)
      .where((eb) => TASK_LISTS[list](eb, caller)),
    query,
    't.create_time',
  );
  const page = await readPage<Record<string, unknown>>(
    {
      db: trx,
      rows,
      key: 't.id',
      select: (q) =>
        q.select([
          't.id as taskId',
          't.name as taskName',
          't.task_def_key as taskDefinitionKey',
          't.assignee_id as assigneeId',
          't.create_time as createTime',
          't.claim_time as claimTime',
          't.end_time as historyTaskEndTime',
          't.execution_id as executionId',
          ...INSTANCE_FIELDS,
        ]),
      order: (q) => q.orderBy('t.create_time', 'desc').orderBy('t.id', 'desc'),
    },
    query,
  );
  const status = list === 'done' ? 'finish' : list;
  const records = await withAssignees(trx, caller.tenantId, await withCategoryNames(trx, page.records as never[]));
  return { ...page, records: records.map((r) => shape(r as Record<string, unknown>, status)) };
}

/** send-list: the instances the caller started, each with its latest task. */
export async function sentPage(trx: AnyTrx, caller: Caller, query: WorkListQuery): Promise<Page<BladeFlow>> {
  const rows = filtered(
    trx
      .selectFrom('flow_instance as i')
      .innerJoin('flow_definition as d', 'd.id', 'i.definition_id')
      .where('i.tenant_id', '=', caller.tenantId)
      .where('i.start_user_id', '=', caller.userId),
    query,
    'i.start_time',
  );
  const latest = (column: string) =>
    sql`(select ${sql.ref(column)} from flow_task lt where lt.tenant_id = i.tenant_id and lt.instance_id = i.id
         order by lt.id desc limit 1)`;
  const page = await readPage<Record<string, unknown>>(
    {
      db: trx,
      rows,
      key: 'i.id',
      select: (q) =>
        q.select([
          latest('lt.id').as('taskId'),
          latest('lt.name').as('taskName'),
          latest('lt.task_def_key').as('taskDefinitionKey'),
          'i.start_time as createTime',
          'i.end_time as endTime',
          'i.name as historyActivityName',
          ...INSTANCE_FIELDS,
        ]),
      order: (q) => q.orderBy('i.start_time', 'desc').orderBy('i.id', 'desc'),
    },
    query,
  );
  const records = await withCategoryNames(trx, page.records as never[]);
  return { ...page, records: records.map((r) => shape(r as Record<string, unknown>, 'finish')) };
}

function shape(row: Record<string, unknown>, status: 'claim' | 'todo' | 'finish'): BladeFlow {
  const { businessKey, finished, ...rest } = row;
  const id = (v: unknown) => (v == null ? null : String(v));
  return {
    ...(rest as BladeFlow),
    taskId: id(rest.taskId),
    processInstanceId: id(rest.processInstanceId),
    historyProcessInstanceId: id(rest.processInstanceId),
    ...businessFields(businessKey as string | null),
    processIsFinished: finished ? 'finished' : 'unfinished',
    status,
  };
}
