import { sql } from 'kysely';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/** The value of a live parameter, or the fallback when there is none. Other modules read params through this. */
export async function readParam(db: AnyDb | AnyTrx, key: string, fallback: string): Promise<string> {
  const { rows } = await sql<{ value: string }>`
    select param_value as value from blade_param where param_key = ${key} and is_deleted = 0`.execute(db);
  return rows[0]?.value ?? fallback;
}
