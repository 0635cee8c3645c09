import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDb } from '../tenancy/tenant-db.ts';

/**
 * A value of this installation kept in blade_setting: made by `make` at the first start, so every
 * instance on the same database shares it (the first one stored wins). Never a built-in default.
 */
export async function installationValue(db: AnyDb, key: string, make: () => string): Promise<string> {
  // made only when missing: making one may cost (an SM2 key pair: ~0.3 s of a warm start's CPU)
  const stored = (await storedValue(db, key)) ?? (await storeValue(db, key, make()));
  if (!stored) throw new Error(`the installation secret ${key} could not be stored`);
  return stored;
}

async function storedValue(db: AnyDb, key: string): Promise<string | undefined> {
  const { rows } = await sql<{ value: string }>`select value from blade_setting where key = ${key}`.execute(db);
  return rows[0]?.value;
}

/** Stores a value unless another instance stored one first, and answers the one kept. */
async function storeValue(db: AnyDb, key: string, value: string): Promise<string | undefined> {
  await sql`insert into blade_setting (key, value) values (${key}, ${value}) on conflict (key) do nothing`.execute(db);
  return storedValue(db, key);
}

/** A secret of this installation: 64 random bytes made at the first start (see installationValue). */
export async function installationSecret(db: AnyDb, key: string): Promise<Uint8Array> {
  const stored = await installationValue(db, key, () => randomBytes(64).toString('base64'));
  return new Uint8Array(Buffer.from(stored, 'base64'));
}
