import { Kysely, PostgresDialect, type PostgresPoolClient, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lazyBeginPool } from '../../src/platform/db/lazy-begin.ts';

/** A pg client that records what reaches the wire and answers as pg does (an array for several statements). */
function recordingPool() {
  const sent: string[] = [];
  let failOn: RegExp | null = null;
  const client = {
    query(text: unknown, parameters?: unknown[]) {
      const line = `${String(text)}${parameters?.length ? ` ${JSON.stringify(parameters)}` : ''}`;
      sent.push(line);
      if (failOn?.test(line)) return Promise.reject(new Error('statement failed'));
      const result = (sql: string) => ({ command: sql.split(' ')[0]!.toUpperCase(), rowCount: 1, rows: [{ sql }] });
      const statements = String(text).split(';\n');
      return Promise.resolve(statements.length > 1 ? statements.map(result) : result(String(text)));
    },
    release() {},
  } as unknown as PostgresPoolClient;
  const pool = { connect: async () => client, end: async () => {}, options: {} };
  const db = new Kysely({ dialect: new PostgresDialect({ pool: lazyBeginPool(pool) }) });
  return {
    db,
    sent,
    failOn: (pattern: RegExp) => {
      failOn = pattern;
    },
  };
}

describe('lazy begin (one round trip fewer per transaction)', () => {
  it('sends begin with a first statement without parameters, in one message, and answers its result', async () => {
    const { db, sent } = recordingPool();
    const rows = await db.transaction().execute(async (trx) => {
      const { rows } = await sql`select set_config('app.tenant_id', ${sql.lit('000000')}, true)`.execute(trx);
      await sql`select ${1}`.execute(trx);
      return rows;
    });
    expect(sent).toEqual(["begin;\nselect set_config('app.tenant_id', '000000', true)", 'select $1 [1]', 'commit']);
    expect(rows).toEqual([{ sql: "select set_config('app.tenant_id', '000000', true)" }]);
  });

  it('sends begin on its own before a first statement with parameters', async () => {
    const { db, sent } = recordingPool();
    await db.transaction().execute((trx) => sql`select ${'x'}`.execute(trx));
    expect(sent).toEqual(['begin', 'select $1 ["x"]', 'commit']);
  });

  it('sends nothing for a transaction that ran nothing, and begins afresh for the next', async () => {
    const { db, sent } = recordingPool();
    await db.transaction().execute(async () => undefined);
    expect(sent).toEqual([]);
    await db.transaction().execute((trx) => sql`select 1`.execute(trx));
    expect(sent).toEqual(['begin;\nselect 1', 'commit']);
  });

  it('rolls back when the merged statement fails, and keeps isolation levels as asked', async () => {
    const { db, sent, failOn } = recordingPool();
    failOn(/^begin;/);
    await expect(db.transaction().execute((trx) => sql`select 1`.execute(trx))).rejects.toThrow('statement failed');
    expect(sent).toEqual(['begin;\nselect 1', 'rollback']);
    sent.length = 0;
    await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute((trx) => sql`select 1`.execute(trx));
    expect(sent).toEqual(['start transaction isolation level serializable', 'select 1', 'commit']);
  });

  it('leaves statements outside a transaction as they are', async () => {
    const { db, sent } = recordingPool();
    await sql`select 1`.execute(db);
    expect(sent).toEqual(['select 1']);
  });
});
