import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Pool = Pick<PostgresPool, 'connect' | 'end' | 'options' | 'Client'>;
type Result = PostgresQueryResult<unknown>;

const SENT_LATER = (command: string): Result => ({ command, rowCount: 0, rows: [] }) as unknown as Result;

/**
 * A pg pool whose clients send a transaction's `begin` together with its first statement, in one
 * simple-query message, when that statement has no parameters (the tenant transaction's
 * `set_config`, tenant-db.ts): one round trip per transaction fewer. Any other first statement is
 * sent after a `begin` of its own, as before; a transaction that ran nothing sends nothing.
 * PostgreSQL runs `begin; <statement>` exactly as the two messages, and answers each in turn: the
 * caller gets the statement's result, an error of either fails the call (and the caller rolls back).
 */
export function lazyBeginPool(pool: Pool): Pool {
  const wrapped = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    Client: pool.Client,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = lazyBeginClient(client);
        wrapped.set(client, own);
      }
      return own;
    },
  };
}

function lazyBeginClient(client: PostgresPoolClient): PostgresPoolClient {
  let beginPending = false;
  const query = ((text: unknown, parameters?: readonly unknown[]) => {
    if (typeof text !== 'string') {
      // A cursor: pg queues it after a pending begin on the same connection.
      if (beginPending) client.query('begin', []).catch(() => undefined);
      beginPending = false;
      return client.query(text as never);
    }
    const noParameters = !parameters || parameters.length === 0;
    if (noParameters && /^\s*begin\s*;?\s*$/i.test(text)) {
      beginPending = true;
      return Promise.resolve(SENT_LATER('BEGIN'));
    }
    if (!beginPending) return client.query(text, parameters ?? []);
    beginPending = false;
    // Nothing ran since the begin: there is nothing to end.
    if (noParameters && /^\s*(commit|rollback)\s*;?\s*$/i.test(text)) {
      return Promise.resolve(SENT_LATER(text.trim().replace(/;$/, '').toUpperCase()));
    }
    if (noParameters) return client.query(`begin;\n${text}`, []).then(lastResult);
    return client.query('begin', []).then(() => client.query(text, parameters ?? []));
  }) as PostgresPoolClient['query'];
  return {
    query,
    release: (destroy?: boolean) => {
      beginPending = false;
      client.release(destroy);
    },
    get processID() {
      return client.processID;
    },
  };
}

// A simple query of several statements answers one result per statement.
const lastResult = (result: Result | Result[]) => (Array.isArray(result) ? result[result.length - 1]! : result);
