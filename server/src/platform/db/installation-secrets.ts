import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDb } from '../tenancy/tenant-db.ts';

/**
 * A secret of this installation: made at the first start from 64 random bytes and kept in
 * blade_setting, so every instance on the same database shares it. Never a built-in default.
 */
export async function installationSecret(db: AnyDb, key: string): Promise<Uint8Array> {
  const fresh = randomBytes(64).toString('base64');
  await sql`insert into blade_setting (key, value) values (${key}, ${fresh}) on conflict (key) do nothing`.execute(db);
  const { rows } = await sql<{ value: string }>`select value from blade_setting where key = ${key}`.execute(db);
  const stored = rows[0]?.value;
  if (!stored) throw new Error(`the installation secret ${key} could not be stored`);
  return new Uint8Array(Buffer.from(stored, 'base64'));
}
