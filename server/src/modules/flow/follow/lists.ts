import { sql } from 'kysely';
import { z } from 'zod';
import { readPage } from '../../../platform/db/paging.ts';
import { pageSchema } from '../../../platform/http/query.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { userNames } from '../../user/queries.ts';
import { taskUser } from '../assignment.ts';
import { withCategoryNames } from '../definitions.ts';

/** A running process instance (BladeX's FlowExecution). */
export const flowExecutionSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  startUserId: z.string().nullable().describe('taskUser_<userId>'),
  startUser: z.string().nullable(),
  startTime: z.date(),
  executionId: z.string(),
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string().nullable(),
  processDefinitionVersion: z.number().int(),
  suspensionState: z.number().int().describe('1 active, 2 suspended'),
  category: z.string().nullable(),
  categoryName: z.string().nullable(),
  businessKey: z.string().nullable(),
});
export const flowExecutionPageSchema = pageSchema.extend({ records: z.array(flowExecutionSchema) });

interface Row {
  id: string;
  name: string | null;
  startUserId: string | null;
  startTime: Date;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string | null;
  processDefinitionVersion: number;
  suspensionState: number;
  category: string | null;
  businessKey: string | null;
}

/** follow/list: the tenant's running instances, newest first. */
export async function runningPage(
  trx: AnyTrx,
  caller: Caller,
  filter: { processInstanceId?: string; processDefinitionKey?: string },
  query: { current: number; size: number },
) {
  let rows = trx
    .selectFrom('flow_instance as i')
    .innerJoin('flow_definition as d', 'd.id', 'i.definition_id')
    .where('i.tenant_id', '=', caller.tenantId)
    .where('i.end_time', 'is', null);
  if (filter.processInstanceId) rows = rows.where('i.id', '=', filter.processInstanceId);
  if (filter.processDefinitionKey) rows = rows.where('d.key', '=', filter.processDefinitionKey);
  const page = await readPage<Row>(
    {
      db: trx,
      rows,
      key: 'i.id',
      select: (q) =>
        q.select([
          sql<string>`i.id::text`.as('id'),
          'i.name',
          sql<string>`i.start_user_id::text`.as('startUserId'),
          'i.start_time as startTime',
          'd.id as processDefinitionId',
          'd.key as processDefinitionKey',
          'd.name as processDefinitionName',
          'd.version as processDefinitionVersion',
          'i.suspension_state as suspensionState',
          'd.category',
          'i.business_key as businessKey',
        ]),
      order: (q) => q.orderBy('i.start_time', 'desc').orderBy('i.id', 'desc'),
    },
    query,
  );
  const starters = [...new Set(page.records.map((r) => r.startUserId).filter((id): id is string => !!id))];
  const names = await userNames(trx, caller.tenantId, starters);
  const records = (await withCategoryNames(trx, page.records)).map((r) => ({
    ...r,
    startUserId: taskUser(r.startUserId),
    startUser: r.startUserId ? (names.get(r.startUserId) ?? null) : null,
    executionId: r.id,
    processInstanceId: r.id,
  }));
  return { ...page, records };
}
