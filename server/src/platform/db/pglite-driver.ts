import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { prepareValue } from 'pg/lib/utils.js';
import { serialize } from 'pg-protocol';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  ReadyForQueryMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import pgTypes from 'pg-types';

type TypeParsers = Record<number, (value: string) => unknown>;

/**
 * Kysely over PGlite with node-postgres's wire handling: each statement goes to PGlite's
 * WebAssembly as one batch (parse, bind, describe, execute, sync), its answer is read by
 * pg-protocol's parser, and values are written and read by pg's own rules (pg-types, with
 * `parsers` by oid first), so both databases hand the application the same values.
 *
 * Why not PGlite's `query` (Kysely's PGliteDialect): it enters the WebAssembly six times a
 * statement, once for each protocol message, and its parser (which also runs under its
 * `execProtocolRaw`) copies every field of every row into a new ArrayBuffer through down-levelled
 * private fields: 40 % of the server's CPU on the dictionary list, which went from 350 to 1,000
 * requests a second at -c10 with this driver (issue 17, docs/decisions.md).
 *
 * Kysely runs one query at a time on it (PGliteAdapter has no second connection), and PGlite runs
 * a batch synchronously, so nothing else's statements come between those of a transaction.
 */
export class FastPGliteDialect implements Dialect {
  readonly #connection: PGliteConnection;
  constructor(pglite: PGlite, parsers: TypeParsers) {
    this.#connection = new PGliteConnection(pglite, parsers);
  }
  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#connection);
  }
  // biome-ignore lint/suspicious/noExplicitAny: each module declares its own tables; see src/database.ts
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #connection: PGliteConnection;
  constructor(connection: PGliteConnection) {
    this.#connection = connection;
    this.#pglite = connection.pglite;
  }
  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(
      Boolean,
    );
    await connection.executeQuery(CompiledQuery.raw(mode.length ? `start transaction ${mode.join(' ')}` : 'begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly pglite: PGlite;
  readonly #parsers: TypeParsers;
  constructor(pglite: PGlite, parsers: TypeParsers) {
    this.pglite = pglite;
    this.#parsers = parsers;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const message = Buffer.concat([
      serialize.parse({ text: compiled.sql, types: [] }),
      serialize.bind({ values: compiled.parameters.map((value) => prepareValue(value)) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // The answer is read as PGlite writes it (its `execProtocolRaw` would also run it through its own
    // parser).
    const answer = new Answer(this.#parsers);
    const parser = new Parser();
    await this.pglite.execProtocolRawStream(message, {
      syncToFs: false,
      // a view of the WebAssembly's memory, which its next write reuses: copied before it is kept
      onRawData: (bytes) => parser.parse(Buffer.from(bytes), answer.read),
    });
    // PGlite writes its files as it goes (NODEFS, memory); the sync is for its other file systems, and
    // as in its own `query`, once no transaction is open (the status PostgreSQL ends its answer with).
    if (answer.idle) await this.pglite.syncToFs();
    try {
      return answer.result<R>();
    } catch (error) {
      // the error was made by the parser: the stack of the query that failed says where it came from
      if (error instanceof Error) error.stack = `${error.stack}\n${new Error().stack?.split('\n').slice(1).join('\n')}`;
      throw error;
    }
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors over the wire; stream.ts reads in batches
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

/** One statement's answer, read message by message: its rows and the rows it changed, or its error. */
class Answer {
  readonly #parsers: TypeParsers;
  readonly #rows: Record<string, unknown>[] = [];
  #names: string[] = [];
  #readers: ((value: string) => unknown)[] = [];
  #completed: string | undefined;
  #error: Error | undefined;
  /** No transaction is open after this statement (ReadyForQuery's status `I`). */
  idle = false;
  constructor(parsers: TypeParsers) {
    this.#parsers = parsers;
  }

  read = (message: BackendMessage) => {
    switch (message.name) {
      case 'rowDescription': {
        const { fields } = message as RowDescriptionMessage;
        this.#names = fields.map((field) => field.name);
        this.#readers = fields.map(
          (field) => this.#parsers[field.dataTypeID] ?? pgTypes.getTypeParser(field.dataTypeID, 'text'),
        );
        break;
      }
      case 'dataRow': {
        const { fields } = message as DataRowMessage;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const value = fields[i];
          row[this.#names[i]!] = value === null || value === undefined ? null : this.#readers[i]!(value);
        }
        this.#rows.push(row);
        break;
      }
      case 'commandComplete':
        this.#completed = (message as CommandCompleteMessage).text;
        break;
      case 'error':
        this.#error ??= message as unknown as Error;
        break;
      case 'readyForQuery':
        this.idle = (message as ReadyForQueryMessage).status === 'I';
        break;
    }
  };

  result<R>(): QueryResult<R> {
    if (this.#error) throw this.#error;
    return { rows: this.#rows as R[], ...changedRows(this.#completed) };
  }
}

/** As Kysely's PostgreSQL driver: rows changed for INSERT, UPDATE, DELETE and MERGE. */
function changedRows(completed: string | undefined): { numAffectedRows?: bigint } {
  const [command, first, second] = completed?.split(' ') ?? [];
  if (command !== 'INSERT' && command !== 'UPDATE' && command !== 'DELETE' && command !== 'MERGE') return {};
  return { numAffectedRows: BigInt(second ?? first ?? 0) };
}
