import { sql } from 'kysely';
import type { Row } from '../../platform/crud/repository.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { bizDictLabels } from '../system/dict/service.ts';
import { userNames } from '../user/queries.ts';

/** Labels of linked records by id (or dictionary key). */
export type Lookup = (trx: AnyTrx, tenantId: string, keys: string[]) => Promise<Map<string, string>>;

/** A label to add to answers: `field` holds the id or key, `as` receives the label. */
export interface NameSource {
  field: string;
  as: string;
  lookup: Lookup;
}

/** Names from a warehouse table (removed rows too: history keeps its names). */
export const tableNames =
  (table: string, column = 'name'): Lookup =>
  async (trx, tenantId, ids) => {
    const { rows } = await sql<{ id: string; label: string }>`
      select id, ${sql.ref(column)} as label from ${sql.table(table)}
      where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(trx);
    return new Map(rows.map((r) => [String(r.id), r.label]));
  };

/** Labels of one of the tenant's business dictionaries. */
export const dictNames =
  (code: string): Lookup =>
  (trx, tenantId) =>
    bizDictLabels(trx, tenantId, code);

/** A material's unit label (`unit` holds a key of the tenant's `material_unit` dictionary). */
export const unitNames: NameSource = { field: 'unit', as: 'unitName', lookup: dictNames('material_unit') };

/** Names of system users (operators, handlers), through the user module. */
export const users: Lookup = userNames;

/** Adds the labels of linked records to list and detail answers, one query per source. */
export async function withNames<T extends object>(
  trx: AnyTrx,
  tenantId: string,
  records: T[],
  sources: readonly NameSource[],
): Promise<(T & Row)[]> {
  const rows = records as (T & Row)[];
  const extra = rows.map(() => ({}) as Row);
  for (const source of sources) {
    const keys = [...new Set(rows.map((r) => r[source.field]).filter((v) => v != null && v !== '' && v !== '0'))];
    const labels = keys.length ? await source.lookup(trx, tenantId, keys.map(String)) : new Map<string, string>();
    rows.forEach((r, i) => {
      extra[i]![source.as] = labels.get(String(r[source.field])) ?? null;
    });
  }
  return rows.map((r, i) => ({ ...r, ...extra[i] }));
}
