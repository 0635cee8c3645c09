import { sql } from 'kysely';
import { badRequest } from '../http/errors.ts';
import type { Caller } from '../tenancy/context.ts';
import type { AnyTrx } from '../tenancy/tenant-db.ts';
import { allFields, type CrudResource } from './resource.ts';

/**
 * Refuses to remove records that live rows elsewhere still name (a provider of refuels, a person of
 * warrants): the document would point at nothing. The message names the first such record and what
 * names it; the caller disables the record instead, or removes what names it first.
 */
export async function assertUnreferenced(trx: AnyTrx, caller: Caller, resource: CrudResource, ids: string[]) {
  const references = resource.references;
  if (!references || ids.length === 0) return;
  const label = sql.ref(`t.${allFields(resource)[references.label]?.column ?? 'id'}`);
  const tenant = resource.tenantScoped ? sql`and t.tenant_id = ${caller.tenantId}` : sql``;
  for (const rule of references.by) {
    const names = rule.list
      ? sql`t.id::text = any(string_to_array(${sql.ref(`x.${rule.column}`)}, ','))`
      : sql`${sql.ref(`x.${rule.column}`)} = t.id`;
    const { rows } = await sql<{ name: string }>`
      select ${label} as name from ${sql.table(resource.table)} t
      where t.id in (${sql.join(ids)}) and t.is_deleted = 0 ${tenant}
        and exists (select 1 from ${sql.table(rule.table)} x
                    where x.is_deleted = 0 and x.tenant_id = ${caller.tenantId} and ${names})
      limit 1`.execute(trx);
    if (rows[0]) throw badRequest('error.remove.referenced', { name: rows[0].name, what: { messageKey: rule.what } });
  }
}
