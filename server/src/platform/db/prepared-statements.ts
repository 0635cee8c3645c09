import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

type Pool = Pick<PostgresPool, 'connect' | 'end' | 'options' | 'Client'>;
type Result = PostgresQueryResult<unknown>;

/** Times a statement is run in this process before connections prepare it: what runs once is not kept. */
const PREPARE_AFTER_USES = 3;
/** Statements one connection keeps prepared; past it, others are sent as they were (each parsed again). */
const MOST_PREPARED_PER_CONNECTION = 200;
/** Statements counted at most; the counts start again past it (a process's own statements are far fewer). */
const MOST_COUNTED = 20_000;

/**
 * A pg pool whose connections prepare the statements the server runs again and again (named
 * statements of the extended protocol), so PostgreSQL parses each once per connection, not per call:
 * under the tenant policies the parse and rewrite are a large part of a short query (a list page's
 * four statements: 3,260 -> 4,350 a second on this machine's PostgreSQL, as the app role). A prepared
 * statement may then run on a generic plan (`plan_cache_mode = auto`, PostgreSQL's default: from its
 * sixth run, when that plan is not costlier than the calls planned for their values so far), which
 * saves planning it on every call (a list page's statements: about half of PostgreSQL's time per call).
 * Only statements that compare their values by equality are prepared (`planFitsAnyValues`): a range or a
 * pattern on a value (a period, a keyword) is planned for that value on every call, as it was.
 * Statements without parameters and cursors are sent as they were. A connection that cannot set
 * the plan mode prepares nothing.
 */
export function preparedStatementsPool(pool: Pool): Pool {
  const uses = new Map<string, number>();
  const wrapped = new WeakMap<PostgresPoolClient, Promise<PostgresPoolClient>>();
  // A statement that must be planned for its values is never counted up to being prepared.
  const countUse = (text: string) => {
    if (uses.size >= MOST_COUNTED) uses.clear();
    const count = (uses.get(text) ?? (planFitsAnyValues(text) ? 0 : Number.NEGATIVE_INFINITY)) + 1;
    uses.set(text, count);
    return count;
  };
  return {
    options: pool.options,
    Client: pool.Client,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = preparingClient(client, countUse);
        wrapped.set(client, own);
      }
      return own;
    },
  };
}

async function preparingClient(client: PostgresPoolClient, countUse: (text: string) => number) {
  // text -> prepared on this connection (true), or never to be (false: its result columns changed)
  const prepared = new Map<string, boolean>();
  const canPrepare = await client.query('set plan_cache_mode = auto', []).then(
    () => true,
    () => false,
  );
  const query = ((text: unknown, parameters?: readonly unknown[]) => {
    if (typeof text !== 'string' || !parameters?.length || !canPrepare) {
      return client.query(text as never, parameters as never);
    }
    const known = prepared.get(text);
    if (known === false) return client.query(text, parameters);
    if (!known && (countUse(text) < PREPARE_AFTER_USES || prepared.size >= MOST_PREPARED_PER_CONNECTION)) {
      return client.query(text, parameters);
    }
    prepared.set(text, true);
    return sendNamed(client, statementName(text), text, parameters).catch((error: { code?: string }) => {
      // The statement's result columns changed under it (a migration while serving): sent unprepared from
      // now on, and once again now unless it failed a transaction, which its caller must roll back.
      if (error.code !== '0A000') throw error;
      prepared.set(text, false);
      if ((client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() !== 'I') throw error;
      return client.query(text, parameters);
    });
  }) as PostgresPoolClient['query'];
  return {
    query,
    release: (destroy?: boolean) => client.release(destroy),
    get processID() {
      return client.processID;
    },
  } as PostgresPoolClient;
}

/**
 * Comparisons whose selectivity depends on the value compared: ranges (`<`, `>=`, `between`) and patterns
 * (`like`, `ilike`, `~`, `similar to`), and containment (`@>`, `<@`, `&&`). A generic plan guesses them (a
 * range: 0.5 % of the rows), which suits a narrow period and not a year of the ledger. `<>` and `!=` are
 * not among them; an operator inside a string literal is, which only plans that statement for its values.
 */
const VALUE_SENSITIVE = /(?<![<>!=@-])[<>]=?(?![<>@])|<@|@>|&&|\b(?:between|i?like|similar\s+to)\b|~/i;

/** Whether one plan serves every call of the statement: it compares its values by equality only. */
export const planFitsAnyValues = (text: string) => !VALUE_SENSITIVE.test(text);

/**
 * A named statement, sent as pg's own Query object made from the text: pg copies a query given as a
 * config object descriptor by descriptor before it makes that Query (~10 µs, several times a page).
 */
function sendNamed(client: PostgresPoolClient, name: string, text: string, values: readonly unknown[]) {
  return new Promise<Result>((resolve, reject) => {
    const query = new pg.Query(text, values as unknown[], (error, result) =>
      error ? reject(error) : resolve(result as unknown as Result),
    );
    // the one field a text cannot give; pg reads it when it sends the query
    (query as unknown as { name: string }).name = name;
    client.query(query as never);
  });
}

const names = new Map<string, string>();

/** A statement's name: its text's digest, so one text is one statement on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MOST_COUNTED) names.clear();
    name = `cw_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}
