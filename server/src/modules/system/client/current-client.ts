import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { clientMessages as m } from './messages.ts';

/** Removing the client the caller signed in through would end the caller's own way in. */
export async function assertNotCurrentClient(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void> {
  const { rows } = await sql<{ clientId: string }>`
    select client_id as "clientId" from blade_client
    where is_deleted = 0 and client_id = ${caller.clientId} and id in (${sql.join(ids)})`.execute(trx);
  if (rows[0]) throw badRequest(m['client.remove.current'], { clientId: rows[0].clientId });
}
