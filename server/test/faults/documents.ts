import { sql } from 'kysely';
import type pg from 'pg';
import { expect } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { createUser } from '../support/factories.ts';
import { onServer } from '../support/migrated-once.ts';
import type { client, ServerProcess } from '../support/server-process.ts';

type Api = ReturnType<typeof client>;
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

// A refuel of the stream: two lines, so "whole" means both came back as written.
const LINES = [
  { quantity: 3, unitPrice: 1.5 },
  { quantity: 5, unitPrice: 2.25 },
];

export interface Target {
  deviceId: string;
  materialIds: [string, string];
}

async function created(api: Api, url: string, body: object, token: string): Promise<string> {
  const res = await api.post(url, body, token);
  const json = (await res.json()) as { data: { id: string } };
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return String(json.data.id);
}

/** A device and two materials to refuel, made through the API. */
export async function refuelTarget(api: Api, token: string): Promise<Target> {
  const tag = Date.now().toString(36);
  const deviceId = await created(
    api,
    '/api/blade-warehouse/device/submit',
    { code: `F-${tag}`, name: 'F', type: 'cabinet' },
    token,
  );
  const typeId = await created(api, '/api/warehouse/materialstype/submit', { code: `FT-${tag}`, name: 'F' }, token);
  const material = (n: number) =>
    created(
      api,
      '/api/warehouse/materialscode/submit',
      { code: `FM-${tag}-${n}`, name: `F ${n}`, unit: 'pcs', typeId },
      token,
    );
  return { deviceId, materialIds: [await material(1), await material(2)] };
}

export interface Stream {
  /** Ids of the refuels the server acknowledged (200). */
  acknowledged: string[];
  /** Every answer's status; 0 when the connection failed without one. */
  statuses: number[];
  /** The body of the first 503 answer, if any. */
  unavailable?: unknown;
}

/** `writers` callers post refuels one after another until `stop` says so (it sees the stream so far). */
export async function streamRefuels(
  api: Api,
  token: string,
  target: Target,
  stop: (stream: Stream) => boolean,
  writers = 4,
): Promise<Stream> {
  const stream: Stream = { acknowledged: [], statuses: [] };
  const items = LINES.map((line, i) => ({ ...line, materialCodeId: target.materialIds[i] }));
  const writer = async () => {
    while (!stop(stream)) {
      try {
        const res = await api.post('/api/warehouse/refuel/submit', { deviceId: target.deviceId, items }, token);
        const body = (await res.json()) as { data?: { id?: string } };
        stream.statuses.push(res.status);
        if (res.status === 503) stream.unavailable ??= body;
        if (res.status === 200 && body.data?.id) stream.acknowledged.push(String(body.data.id));
      } catch {
        stream.statuses.push(0);
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  return stream;
}

/** Every acknowledged refuel is there with both its lines as written. */
export async function expectWhole(api: Api, token: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const res = await api.call(`/api/warehouse/refuel/detail?id=${id}`, {}, token);
    expect(res.status, `refuel ${id}`).toBe(200);
    const { items } = ((await res.json()) as { data: { items: { quantity: string; unitPrice: string }[] } }).data;
    const lines = items.map((i) => ({ quantity: Number(i.quantity), unitPrice: Number(i.unitPrice) }));
    expect(
      lines.sort((a, b) => a.quantity - b.quantity),
      `refuel ${id}`,
    ).toEqual(LINES);
  }
}

/** What a fault test over two databases opened, each part as far as it got. */
export interface TwoDatabases {
  server?: ServerProcess;
  killer?: pg.Client;
  main?: OpenDatabase;
  second?: { name: string };
  secondDb?: OpenDatabase;
}

/** Stops the test's server, closes its connections and drops its second database (on the TEST_DATABASE_URL server). */
export async function endTwoDatabases(parts: TwoDatabases, serverUrl: string): Promise<void> {
  await parts.server?.stop('SIGKILL');
  await parts.killer?.end();
  await parts.secondDb?.close();
  await parts.main?.close();
  if (parts.second) await onServer(serverUrl, `drop database if exists ${parts.second.name} with (force)`);
}

/** Ends every connection to the database `name` (a test's own), through `killer`: answers how many were ended. */
export async function endConnections(
  killer: { query: (text: string, values: unknown[]) => Promise<{ rows: { n: string }[] }> },
  name: string,
): Promise<number> {
  const { rows } = await killer.query(
    'select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1',
    [name],
  );
  return Number(rows[0]?.n);
}

/** A datasource naming a database of the test server (TEST_DATABASE_URL), saved through the API: its id. */
export async function submitDatasource(api: Api, token: string, database: string, name = 'second'): Promise<string> {
  const at = new URL(process.env.TEST_DATABASE_URL ?? '');
  return created(
    api,
    '/api/blade-develop/datasource/submit',
    {
      name,
      driverClass: 'org.postgresql.Driver',
      url: `jdbc:postgresql://${at.host}/${database}`,
      username: decodeURIComponent(at.username),
      password: decodeURIComponent(at.password) || 'unused',
    },
    token,
  );
}

// new ids for a copy of rows beside them (0, a root, stays 0)
const shifted = (id: unknown) => (String(id) === '0' ? '0' : String(BigInt(String(id)) + 1_000_003n));

/**
 * A tenant's administrator holding every menu, written as the owner into `db` (the database its
 * tenant is served from), with the business dictionaries a new tenant is given (device types, units)
 * copied from the platform tenant's in `main`; signed in through the API: their token.
 */
export async function tenantAdminToken(
  api: Api,
  db: AnyDb,
  main: AnyDb,
  tenantId: string,
  password: string,
): Promise<string> {
  const roleId = nextId();
  await sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (${roleId}, ${tenantId}, 'admin', 'administrator')`.execute(
    db,
  );
  await sql`insert into blade_role_menu (id, menu_id, role_id) select id + 1, id, ${roleId} from blade_menu`.execute(
    db,
  );
  await createUser(db, tenantId, 'admin', password, { roleIds: [roleId] });
  const { rows: dictionaries } = await sql<Record<string, unknown>>`
    select * from blade_dict_biz where tenant_id = '000000'`.execute(main);
  await db
    .insertInto('blade_dict_biz')
    .values(
      dictionaries.map((d) => ({ ...d, id: shifted(d.id), parent_id: shifted(d.parent_id), tenant_id: tenantId })),
    )
    .execute();
  const query = { scope: 'all', grant_type: 'password', tenantId, username: 'admin', password: md5Hex(password) };
  const login = await api.call(`/api/blade-auth/oauth/token?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { authorization: SABER },
  });
  const body = (await login.json()) as { access_token: string };
  expect(login.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}
