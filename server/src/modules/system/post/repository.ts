import { sql } from 'kysely';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

export interface PostOption {
  id: string;
  postName: string;
}

/** The live posts of a tenant, for dropdowns. */
export async function postOptions(trx: AnyTrx, tenantId: string): Promise<PostOption[]> {
  const { rows } = await sql<PostOption>`
    select id, post_name as "postName" from blade_post
    where tenant_id = ${tenantId} and is_deleted = 0
    order by sort, id`.execute(trx);
  return rows;
}

/** The labels of the post_category dictionary, by key. */
export async function postCategoryNames(trx: AnyTrx): Promise<Map<string, string>> {
  const { rows } = await sql<{ key: string; value: string }>`
    select dict_key as key, dict_value as value from blade_dict
    where code = 'post_category' and parent_id <> 0 and is_deleted = 0`.execute(trx);
  return new Map(rows.map((r) => [r.key, r.value]));
}
