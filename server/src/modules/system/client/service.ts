import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../../platform/auth/passwords.ts';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { clientResource, clientWriteResource } from './resource.ts';
import type { ClientInput } from './schema.ts';

const clients = crudRepository(clientResource);
const writes = crudRepository(clientWriteResource);

/** 32 characters of base64url: 192 random bits. */
const drawSecret = () => randomBytes(24).toString('base64url');

/**
 * Inserts (no id) or updates a client. The secret is stored as its argon2id hash (the token endpoint
 * verifies it) and answered once, in plain, whenever this call set it: drawn on creation when not
 * given, or the new one an update sends.
 */
export async function saveClient(
  trx: AnyTrx,
  caller: Caller,
  id: string | undefined,
  values: Partial<ClientInput>,
): Promise<Row> {
  if (id && !(await clients.find(trx, caller, id))) throw notFound();
  const secret = id ? values.clientSecret : (values.clientSecret ?? drawSecret());
  const stored = { ...values, clientSecret: secret === undefined ? undefined : await hashPassword(secret) };
  const written = id ? await writes.update(trx, caller, id, stored) : await writes.insert(trx, caller, stored);
  const record = await clients.find(trx, caller, String(written.id));
  return secret === undefined ? record! : { ...record, clientSecret: secret };
}
