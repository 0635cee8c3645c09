import { sql } from 'kysely';
import { readPage } from '../../../platform/db/paging.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import { escapeLike } from '../../../platform/http/query.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { flowMessages as m } from '../messages.ts';

export interface ModelValues {
  name?: string;
  modelKey?: string;
  description?: string | null;
  modelEditorXml?: string | null;
}

const COLUMNS = [
  sql<string>`id::text`.as('id'),
  'tenant_id as tenantId',
  'name',
  'model_key as modelKey',
  'description',
  'version',
  'model_type as modelType',
  'create_time as created',
  'update_time as lastUpdated',
  sql<string>`create_user::text`.as('createdBy'),
  sql<string>`update_user::text`.as('lastUpdatedBy'),
] as const;

const live = (trx: AnyTrx, caller: Caller) =>
  trx.selectFrom('flow_model').where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0);

/** The tenant's models, newest change first; without their XML (detail has it). */
export async function modelPage(
  trx: AnyTrx,
  caller: Caller,
  query: { current: number; size: number; name?: string; modelKey?: string },
) {
  let rows = live(trx, caller);
  if (query.name) rows = rows.where('name', 'ilike', `%${escapeLike(query.name)}%`);
  if (query.modelKey) rows = rows.where('model_key', 'ilike', `%${escapeLike(query.modelKey)}%`);
  return readPage(
    {
      db: trx,
      rows,
      key: 'id',
      select: (q) => q.select([...COLUMNS]),
      order: (q) => q.orderBy('update_time', 'desc').orderBy('id', 'desc'),
    },
    query,
  );
}

export async function findModel(trx: AnyTrx, caller: Caller, id: string) {
  const found = await live(trx, caller)
    .where('id', '=', id)
    .select([...COLUMNS, 'xml as modelEditorXml'])
    .executeTakeFirst();
  return found ?? null;
}

/** Inserts or (with `id`) updates a model: every change counts a version; keys stay unique per tenant. */
export async function saveModel(trx: AnyTrx, caller: Caller, id: string | undefined, values: ModelValues) {
  const columns = {
    ...(values.name !== undefined && { name: values.name }),
    ...(values.modelKey !== undefined && { model_key: values.modelKey }),
    ...(values.description !== undefined && { description: values.description }),
    ...(values.modelEditorXml !== undefined && { xml: values.modelEditorXml }),
  };
  const savedId = id ?? nextId();
  try {
    if (id) {
      const { numUpdatedRows } = await trx
        .updateTable('flow_model')
        .set({ ...columns, version: sql`version + 1`, update_user: caller.userId, update_time: sql`now()` })
        .where('tenant_id', '=', caller.tenantId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!numUpdatedRows) throw notFound();
    } else {
      await trx
        .insertInto('flow_model')
        .values({
          id: savedId,
          tenant_id: caller.tenantId,
          ...columns,
          create_user: caller.userId,
          update_user: caller.userId,
        })
        .execute();
    }
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict(m['flow.model.key.exists'], { modelKey: values.modelKey });
    throw error;
  }
  return (await findModel(trx, caller, savedId))!;
}

/** Removes models, all or none: an id that is not the tenant's live model refuses the whole call. */
export async function removeModels(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('flow_model')
    .set({ is_deleted: 1, update_user: caller.userId, update_time: sql`now()` })
    .where('tenant_id', '=', caller.tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (Number(numUpdatedRows) !== ids.length) throw notFound('error.notFound.records', { ids: ids.join(',') });
}
