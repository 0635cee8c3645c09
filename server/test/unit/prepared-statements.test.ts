import type { PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planFitsAnyValues, preparedStatementsPool } from '../../src/platform/db/prepared-statements.ts';

interface NamedQuery {
  name: string;
  text: string;
  values: unknown[];
  callback(error: Error | null, result?: unknown): void;
}

/** A pg client that records what it is asked: `text` or `name:text`, failing where told. */
function recordingPool(options: { refusePlanMode?: boolean } = {}) {
  const sent: string[] = [];
  let failNamedWith: string | null = null;
  let transactionStatus = 'I';
  const client = {
    getTransactionStatus: () => transactionStatus,
    query(query: unknown, values?: unknown[]) {
      // a named statement comes as pg's Query object, answered through its callback
      const named = typeof query === 'object' ? (query as NamedQuery) : null;
      const text = named ? named.text : String(query);
      sent.push(named ? `${named.name.slice(0, 3)}:${text}` : text);
      if (text.startsWith('set plan_cache_mode') && options.refusePlanMode) return Promise.reject(new Error('no'));
      if (named && failNamedWith) {
        named.callback(Object.assign(new Error('cached plan'), { code: failNamedWith }));
        return named;
      }
      const result = { command: 'SELECT', rowCount: 0, rows: [{ values: named ? named.values : values }] };
      if (named) named.callback(null, result);
      return named ?? Promise.resolve(result);
    },
    release() {},
  } as unknown as PostgresPoolClient;
  const pool = preparedStatementsPool({ connect: async () => client, end: async () => {}, options: {} });
  return {
    pool,
    take: () => sent.splice(0),
    failNamed: (code: string | null, status = 'I') => {
      failNamedWith = code;
      transactionStatus = status;
    },
  };
}

describe('prepared statements', () => {
  it('lets PostgreSQL choose the plan on a new connection, and prepares a statement with values from its third use on', async () => {
    const { pool, take } = recordingPool();
    const client = await pool.connect();
    for (let i = 0; i < 4; i++) await client.query('select $1', [i]);
    await client.query('select 1', []);
    expect(take()).toEqual([
      'set plan_cache_mode = auto',
      'select $1',
      'select $1',
      'cw_:select $1',
      'cw_:select $1',
      'select 1',
    ]);
  });

  it('answers what the statement answers, with its values', async () => {
    const { pool } = recordingPool();
    const client = await pool.connect();
    for (let i = 0; i < 3; i++) await client.query('select $1', [i]);
    expect((await client.query('select $1', [7])).rows).toEqual([{ values: [7] }]);
  });

  it('sends a statement whose result columns changed as it is, from then on', async () => {
    const { pool, take, failNamed } = recordingPool();
    const client = await pool.connect();
    for (let i = 0; i < 3; i++) await client.query('select $1', [i]);
    take();
    failNamed('0A000');
    expect((await client.query('select $1', [1])).rows).toEqual([{ values: [1] }]);
    await client.query('select $1', [2]);
    expect(take()).toEqual(['cw_:select $1', 'select $1', 'select $1']);
  });

  it('fails a transaction that a changed statement failed (its caller rolls back), and never prepares it again', async () => {
    const { pool, take, failNamed } = recordingPool();
    const client = await pool.connect();
    for (let i = 0; i < 3; i++) await client.query('select $1', [i]);
    take();
    failNamed('0A000', 'E');
    await expect(client.query('select $1', [1])).rejects.toThrow('cached plan');
    failNamed(null);
    await client.query('select $1', [2]);
    expect(take()).toEqual(['cw_:select $1', 'select $1']);
  });

  it('passes on any other error of a prepared statement', async () => {
    const { pool, failNamed } = recordingPool();
    const client = await pool.connect();
    for (let i = 0; i < 2; i++) await client.query('select $1', [i]);
    failNamed('42P01');
    await expect(client.query('select $1', [1])).rejects.toThrow('cached plan');
  });

  it('prepares nothing on a connection that cannot set its plan mode', async () => {
    const { pool, take } = recordingPool({ refusePlanMode: true });
    const client = await pool.connect();
    for (let i = 0; i < 4; i++) await client.query('select $1', [i]);
    expect(take().filter((line) => line.startsWith('cw_'))).toEqual([]);
  });

  it('never prepares a statement that compares a value by range or pattern: it is planned for each value', async () => {
    const { pool, take } = recordingPool();
    const client = await pool.connect();
    const range = 'select id from wh_movement where tenant_id = $1 and create_time >= $2';
    for (let i = 0; i < 6; i++) await client.query(range, ['000000', i]);
    expect(take().filter((line) => line.startsWith('cw_'))).toEqual([]);
  });

  it.each([
    ['select * from t where tenant_id = $1 and id in ($2, $3) order by id desc limit $4', true],
    ['select * from t where parent_id <> $1 and code != $2', true],
    ["select data->>'k' from t where id = any($1)", true],
    ['select * from t where time >= $1', false],
    ['select * from t where time < $1::timestamp', false],
    ['select * from t where $1 between a and b', false],
    ['select * from t where name ilike $1', false],
    ['select * from t where name ~* $1', false],
    ['select * from t where tags @> $1', false],
  ])('plans %s once for any values: %s', (text, fits) => {
    expect(planFitsAnyValues(text)).toBe(fits);
  });
});
