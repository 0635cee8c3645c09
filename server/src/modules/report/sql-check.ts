import { type AppError, badRequest } from '../../platform/http/errors.ts';
import { reportMessages as m } from './messages.ts';

/** The views of the `report` schema (migration 0028): all that a SQL dataset may read. */
export const REPORT_VIEWS = new Set([
  'material_type',
  'material',
  'provider',
  'device',
  'stock',
  'movement',
  'refuel',
  'refuel_item',
  'delivery',
  'delivery_item',
]);

/** Functions a dataset may call: aggregates, windows, text, numbers, dates and casts; nothing that reads or sets state. */
const FUNCTIONS = new Set(
  `count sum avg min max string_agg array_agg bool_and bool_or every stddev stddev_pop stddev_samp variance
   var_pop var_samp row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
   abs round ceil ceiling floor trunc mod power sqrt sign div exp ln log
   lower upper length char_length character_length octet_length substring substr trim btrim ltrim rtrim concat
   concat_ws replace left right lpad rpad split_part position strpos initcap reverse repeat overlay format
   to_char to_number to_date to_timestamp now date_trunc date_part extract age make_date make_time make_interval
   make_timestamp make_timestamptz justify_days justify_hours timezone generate_series array_length cardinality
   unnest`.split(/\s+/),
);

/** Types a value may be cast to (the last part of the type's name). */
const TYPES = new Set(
  `text varchar bpchar char int2 int4 int8 smallint integer int bigint numeric decimal float4 float8 real
   double bool boolean date time timetz timestamp timestamptz interval`.split(/\s+/),
);

/** The statements that write, as a refusal names them. */
const WRITES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
};

type Node = Record<string, unknown>;
const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((n) => String((n as { String?: { sval?: string } }).String?.sval ?? '')) : [];

/**
 * Checks a dataset's SQL (its `:name` parameters already made `$n`) with PostgreSQL's own parser
 * (research-next-batch.md §2.4): one SELECT, no INTO, locking or recursion, functions and casts
 * from the allow-lists, relations only among the report views or the query's own CTEs. Throws a 400
 * naming what is refused.
 */
export async function checkSql(text: string): Promise<void> {
  let tree: { stmts?: { stmt: Node }[] };
  // PostgreSQL's parser (WebAssembly) is compiled when first needed, not at start (issue 17)
  const { parse } = await import('libpg-query');
  try {
    tree = (await parse(text)) as unknown as typeof tree;
  } catch (error) {
    throw badRequest(m['report.sql.syntax'], { detail: (error as Error).message });
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1 || !statements[0]!.stmt.SelectStmt) {
    const kind = statements.map((s) => WRITES[Object.keys(s.stmt)[0]!]).find(Boolean);
    throw kind ? badRequest(m['report.sql.modifying'], { kind }) : badRequest(m['report.sql.oneSelect']);
  }
  walk(statements[0]!.stmt, cteNames(statements[0]!.stmt));
}

/** The names of every CTE in the tree: the query may read those as relations too. */
function cteNames(tree: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(tree)) for (const item of tree) cteNames(item, names);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      if (key === 'CommonTableExpr') names.add(String((value as Node).ctename));
      cteNames(value, names);
    }
  }
  return names;
}

function walk(tree: unknown, ctes: Set<string>): void {
  if (Array.isArray(tree)) {
    for (const item of tree) walk(item, ctes);
    return;
  }
  if (!tree || typeof tree !== 'object') return;
  for (const [key, value] of Object.entries(tree)) {
    checkNode(key, value as Node, ctes);
    walk(value, ctes);
  }
}

function checkNode(key: string, node: Node, ctes: Set<string>): void {
  if (WRITES[key]) throw badRequest(m['report.sql.modifying'], { kind: WRITES[key] });
  if (key.endsWith('Stmt') && key !== 'SelectStmt') throw badRequest(m['report.sql.oneSelect']);
  if (key === 'SelectStmt') checkSelect(node);
  else if (key === 'FuncCall') checkFunction(strings(node.funcname));
  else if (key === 'RangeVar') checkRelation(node, ctes);
  else if (key === 'TypeName' || key === 'typeName') checkType(strings(node.names));
  else if (key === 'SQLValueFunction' && !/DATE|TIME/.test(String(node.op))) {
    throw refused(String(node.op).replace('SVFOP_', '').toLowerCase());
  }
}

function checkSelect(node: Node): void {
  if (node.intoClause) throw badRequest(m['report.sql.into']);
  if (node.lockingClause) throw badRequest(m['report.sql.locking']);
  if ((node.withClause as Node | undefined)?.recursive) throw badRequest(m['report.sql.recursive']);
}

function checkFunction(name: string[]): void {
  const [schema, fn] = name.length > 1 ? name : [undefined, name[0]];
  // The parser names SQL's special forms (EXTRACT, SUBSTRING ... FROM) in pg_catalog.
  if ((schema !== undefined && schema !== 'pg_catalog') || !FUNCTIONS.has(String(fn).toLowerCase())) {
    throw badRequest(m['report.sql.function'], { name: name.join('.') });
  }
}

function checkRelation(node: Node, ctes: Set<string>): void {
  const schema = node.schemaname as string | undefined;
  const relation = String(node.relname);
  const allowed =
    schema === 'report' ? REPORT_VIEWS.has(relation) : !schema && (REPORT_VIEWS.has(relation) || ctes.has(relation));
  if (!allowed) throw badRequest(m['report.sql.relation'], { name: schema ? `${schema}.${relation}` : relation });
}

function checkType(name: string[]): void {
  const [schema, type] = name.length > 1 ? name : [undefined, name[0]];
  if ((schema !== undefined && schema !== 'pg_catalog') || !TYPES.has(String(type).toLowerCase())) {
    throw refused(`::${name.join('.')}`);
  }
}

const refused = (name: string): AppError => badRequest(m['report.sql.node'], { name });
