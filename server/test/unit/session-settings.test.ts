import { Kysely, PostgresDialect, type PostgresPoolClient, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Settings, sessionSettingsPool } from '../../src/platform/db/session-settings.ts';

/** A pool of `size` pg clients, handed out most recently released first, that records what reaches each. */
function recordingPool(size: number) {
  const sent: string[] = [];
  let failOn: RegExp | null = null;
  const idle: PostgresPoolClient[] = [];
  for (let n = 1; n <= size; n++) {
    const client = {
      query(text: unknown) {
        sent.push(`${n}: ${String(text)}`);
        if (failOn?.test(String(text))) return Promise.reject(new Error('statement failed'));
        return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
      },
      release(destroy?: boolean) {
        if (!destroy) idle.push(client);
      },
    } as unknown as PostgresPoolClient;
    idle.unshift(client);
  }
  const pool = {
    connect: async () => idle.pop() ?? Promise.reject(new Error('no idle client')),
    end: async () => {},
    options: {},
  };
  const { pool: settingsPool, settings } = sessionSettingsPool(pool);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: settingsPool }) });
  const take = () => sent.splice(0);
  const failWhen = (pattern: RegExp | null) => {
    failOn = pattern;
  };
  return { db, settings, take, failOn: failWhen };
}

const tenant = (id: string): Settings => ({ role: 'blade_app', 'app.tenant_id': id, 'app.all_tenants': 'off' });
const SET_A =
  "select set_config('role', 'blade_app', false), set_config('app.tenant_id', 'A', false), set_config('app.all_tenants', 'off', false)";
const SET_B = SET_A.replace("'A'", "'B'");
const RESET =
  "select set_config('role', 'none', false), set_config('app.tenant_id', '', false), set_config('app.all_tenants', 'off', false)";

describe('session settings kept per pooled connection', () => {
  it('sets a tenant once for the reads that find it held, and again for another tenant', async () => {
    const { db, settings, take } = recordingPool(1);
    const read = (id: string) => settings.withSettings(db, tenant(id), (c) => sql`select ${sql.lit(id)}`.execute(c));
    await read('A');
    await read('A');
    expect(take()).toEqual([`1: ${SET_A}`, "1: select 'A'", "1: select 'A'"]);
    await read('B');
    expect(take()).toEqual([`1: ${SET_B}`, "1: select 'B'"]);
  });

  it('gives work that asks for nothing the owner’s settings, on a connection a read left a tenant on', async () => {
    const { db, settings, take } = recordingPool(1);
    await settings.withSettings(db, tenant('A'), (c) => sql`select 1`.execute(c));
    take();
    await sql`select 'owner'`.execute(db);
    await sql`select 'owner again'`.execute(db);
    expect(take()).toEqual([`1: ${RESET}`, "1: select 'owner'", "1: select 'owner again'"]);
  });

  it('lets the work of a read take other connections as the owner, not as the read’s tenant', async () => {
    const { db, settings, take } = recordingPool(2);
    await settings.withSettings(db, tenant('A'), async (c) => {
      await sql`select 'read'`.execute(c);
      await sql`select 'nested owner work'`.execute(db);
    });
    // Client 2 is new (the owner's): nothing to set for the nested work.
    expect(take()).toEqual([`1: ${SET_A}`, "1: select 'read'", "2: select 'nested owner work'"]);
  });

  it('runs a transaction on whatever a connection holds, and keeps what it held', async () => {
    const { db, settings, take } = recordingPool(1);
    await settings.withSettings(db, tenant('A'), (c) => sql`select 1`.execute(c));
    take();
    await settings.transaction(db, (trx) => sql`select 'in B, set locally'`.execute(trx));
    await settings.withSettings(db, tenant('A'), (c) => sql`select 'A again'`.execute(c));
    expect(take()).toEqual(['1: begin', "1: select 'in B, set locally'", '1: commit', "1: select 'A again'"]);
  });

  it('drops a connection whose settings statement failed, so no work runs on what it held', async () => {
    const { db, settings, take, failOn } = recordingPool(2);
    await settings.withSettings(db, tenant('A'), (c) => sql`select 1`.execute(c));
    take();
    failOn(/set_config\('app.tenant_id', 'B'/);
    await expect(settings.withSettings(db, tenant('B'), (c) => sql`select 'never'`.execute(c))).rejects.toThrow(
      'statement failed',
    );
    failOn(null);
    // Client 1 was destroyed; client 2 (the owner's) serves next.
    await settings.withSettings(db, tenant('B'), (c) => sql`select 'B'`.execute(c));
    expect(take()).toEqual([`1: ${SET_B}`, `2: ${SET_B}`, "2: select 'B'"]);
  });

  it('writes a value with a quote as a literal that holds it', async () => {
    const { db, settings, take } = recordingPool(1);
    await settings.withSettings(db, { 'app.tenant_id': "o'x", 'app.all_tenants': 'off' }, (c) =>
      sql`select 1`.execute(c),
    );
    expect(take()[0]).toBe(
      "1: select set_config('app.tenant_id', 'o''x', false), set_config('app.all_tenants', 'off', false)",
    );
  });
});
