import { type Expression, type SqlBool, sql } from 'kysely';
import { readPage } from '../../../platform/db/paging.ts';
import {
  type FilterField,
  filterConditions,
  type Page,
  type PageQuery,
  sortTerms,
} from '../../../platform/http/query.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/** The five levels below the root, in order; each has a code and a name column. */
export const LEVELS = ['province', 'city', 'district', 'town', 'village'] as const;

/** A region as the API names it (BladeX Region). */
export interface RegionRow {
  code: string;
  parentCode: string | null;
  ancestors: string | null;
  name: string;
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  townCode: string | null;
  townName: string | null;
  villageCode: string | null;
  villageName: string | null;
  regionLevel: number | null;
  /** The level again, as SpringBlade names it (`level`): its clients read this one. */
  level: number | null;
  sort: number;
  remark: string | null;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const NAMES: (keyof RegionRow)[] = [
  'code',
  'parentCode',
  'ancestors',
  'name',
  ...LEVELS.flatMap((l) => [`${l}Code`, `${l}Name`] as (keyof RegionRow)[]),
  'regionLevel',
  'sort',
  'remark',
];
const KINDS: Partial<Record<keyof RegionRow, FilterField['kind']>> = { regionLevel: 'number', sort: 'number' };

/** Every field, filterable and sortable; the column is the field's snake_case name (`level` is SpringBlade's name of the level). */
export const REGION_FIELDS: Record<string, FilterField> = {
  ...Object.fromEntries(NAMES.map((name) => [name, { column: snake(name), kind: KINDS[name] ?? 'text' }])),
  level: { column: 'region_level', kind: 'number' },
};
const SORTABLE = { ...Object.fromEntries(NAMES.map((name) => [name, snake(name)])), level: 'region_level' };
const selection = [...NAMES.map((name) => sql.ref(`r.${snake(name)}`).as(name)), sql.ref('r.region_level').as('level')];

type Db = AnyDb | AnyTrx;

/** `list`: a page of regions, filtered by equality on each given field (BladeX binds a Region). */
export async function pageRegions(db: Db, query: PageQuery & Record<string, unknown>): Promise<Page<RegionRow>> {
  const order = sortTerms(query, SORTABLE);
  const base = db
    .selectFrom('blade_region as r')
    .where((eb) => eb.and(filterConditions(eb, query, REGION_FIELDS, 'entity')));
  return readPage<RegionRow>(
    {
      db,
      rows: base,
      key: 'r.code',
      select: (q) => q.select(selection),
      order: (q) => order.reduce((o, t) => o.orderBy(sql.ref(`r.${t.column}`), t.direction), q).orderBy('r.code'),
    },
    query,
  );
}

export async function findRegion(db: Db, code: string): Promise<RegionRow | undefined> {
  const row = await db.selectFrom('blade_region as r').where('r.code', '=', code).select(selection).executeTakeFirst();
  return row as RegionRow | undefined;
}

/**
 * The regions directly below `parentCode` (every level when it is undefined), optionally narrowed by
 * code or name (contains), each with a child flag.
 */
export async function childRegions(
  db: Db,
  parentCode: string | undefined,
  search: { code?: string; name?: string },
): Promise<(RegionRow & { hasChildren: boolean })[]> {
  const rows = await db
    .selectFrom('blade_region as r')
    .where((eb) => {
      const parts: Expression<SqlBool>[] = [];
      if (parentCode !== undefined) parts.push(eb('r.parent_code', '=', parentCode));
      if (search.code) parts.push(sql<SqlBool>`r.code like ${`%${escapeLike(search.code)}%`}`);
      if (search.name) parts.push(sql<SqlBool>`r.name ilike ${`%${escapeLike(search.name)}%`}`);
      return eb.and(parts);
    })
    .select(selection)
    .select(sql<boolean>`exists (select 1 from blade_region c where c.parent_code = r.code)`.as('hasChildren'))
    .orderBy('r.sort')
    .orderBy('r.code')
    .execute();
  return rows as unknown as (RegionRow & { hasChildren: boolean })[];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function hasChildRegions(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('blade_region').where('parent_code', '=', code).select('code').executeTakeFirst();
  return row !== undefined;
}

/** Serialises writes to the region tree, so that two moves cannot build a cycle between them. */
export async function lockRegionTree(trx: AnyTrx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('blade_region'))`.execute(trx);
}

/** Whether `code` is `nodeCode` or lies below it, walking up the parent links from `code`. */
export async function isSelfOrBelow(db: Db, code: string, nodeCode: string): Promise<boolean> {
  const { rows } = await sql<{ code: string }>`
    with recursive up as (
      select code, parent_code, 1 as depth from blade_region where code = ${code}
      union all
      select r.code, r.parent_code, up.depth + 1 from blade_region r join up on r.code = up.parent_code where up.depth < 100
    )
    select code from up where code = ${nodeCode} limit 1`.execute(db);
  return rows.length > 0;
}

/** How many levels lie below `code` (0 for a leaf). */
export async function subtreeHeight(db: Db, code: string): Promise<number> {
  const { rows } = await sql<{ height: number }>`
    with recursive below as (
      select code, 0 as depth from blade_region where code = ${code}
      union all
      select r.code, below.depth + 1 from blade_region r join below on r.parent_code = below.code where below.depth < 100
    )
    select max(depth) as height from below`.execute(db);
  return Number(rows[0]?.height ?? 0);
}

/** The stored columns of a region. */
export type RegionColumns = Omit<RegionRow, 'sort' | 'level'> & { sort?: number };

function toColumns(values: Partial<RegionColumns>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([name, v]) => [snake(name), v]),
  );
}

export async function insertRegion(trx: AnyTrx, values: RegionColumns): Promise<void> {
  await trx.insertInto('blade_region').values(toColumns(values)).execute();
}

export async function updateRegion(trx: AnyTrx, code: string, values: Partial<RegionColumns>): Promise<void> {
  await trx.updateTable('blade_region').set(toColumns(values)).where('code', '=', code).execute();
}

/**
 * Rebuilds the ancestors, level and province...village columns of every region below `code` from
 * its (already saved) row, in one statement: a renamed city's districts get the new city name, a
 * moved district's towns get their new province and city.
 */
export async function rewriteBelow(trx: AnyTrx, code: string): Promise<void> {
  const chain = LEVELS.flatMap((level, i) => {
    const own = (what: 'code' | 'name') =>
      sql`case when below.region_level + 1 = ${i + 1} then cast(r.${sql.raw(what)} as text) else below.${sql.raw(`${level}_${what}`)} end`;
    return [own('code'), own('name')];
  });
  const chainColumns = LEVELS.flatMap((l) => [`${l}_code`, `${l}_name`]);
  const base = chainColumns.map((c) => sql`cast(${sql.ref(c)} as text)`);
  await sql`
    with recursive below (code, ancestors, region_level, ${sql.join(chainColumns.map((c) => sql.ref(c)))}, depth) as (
      select code, cast(ancestors as text), region_level, ${sql.join(base)}, 0 from blade_region where code = ${code}
      union all
      select r.code, below.ancestors || ',' || below.code, below.region_level + 1, ${sql.join(chain)}, below.depth + 1
      from blade_region r join below on r.parent_code = below.code where below.depth < 100
    )
    update blade_region set ancestors = below.ancestors, region_level = below.region_level,
      ${sql.join(chainColumns.map((c) => sql`${sql.ref(c)} = below.${sql.ref(c)}`))}
    from below where blade_region.code = below.code and below.depth > 0`.execute(trx);
}

export async function deleteRegion(trx: AnyTrx, code: string): Promise<void> {
  await trx.deleteFrom('blade_region').where('code', '=', code).execute();
}

/** `select?code=`: the regions whose parent is `parentCode`, whole, in the tree's order. */
export async function regionsUnder(db: Db, parentCode: string): Promise<RegionRow[]> {
  const rows = await db
    .selectFrom('blade_region as r')
    .where('r.parent_code', '=', parentCode)
    .select(selection)
    .orderBy('r.sort')
    .orderBy('r.code')
    .execute();
  return rows as RegionRow[];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The regions among `codes` that exist, by code. */
export async function regionsByCode(db: Db, codes: readonly string[]): Promise<Map<string, RegionRow>> {
  const found = new Map<string, RegionRow>();
  for (const part of chunks([...new Set(codes)], 1000)) {
    const rows = await db.selectFrom('blade_region as r').where('r.code', 'in', part).select(selection).execute();
    for (const row of rows as RegionRow[]) found.set(row.code, row);
  }
  return found;
}

const STORED = NAMES.filter((n) => n !== 'level');
const INTEGERS = new Set<string>(['regionLevel', 'sort']);

/**
 * Writes many regions in few statements: each takes 5 000 rows as one JSON parameter, which the
 * database unpacks (`json_to_recordset`): on PGlite six times faster than as many bound values.
 * `keep` leaves a code that exists as it is (the seed: a region someone edited stays theirs);
 * `overwrite` replaces its columns.
 */
export async function writeRegions(
  trx: AnyTrx,
  regions: readonly RegionColumns[],
  existing: 'keep' | 'overwrite',
): Promise<void> {
  const columns = sql.join(STORED.map((n) => sql.ref(snake(n))));
  const types = sql.join(STORED.map((n) => sql`${sql.ref(snake(n))} ${sql.raw(INTEGERS.has(n) ? 'int' : 'text')}`));
  const onConflict =
    existing === 'keep'
      ? sql`do nothing`
      : sql`do update set ${sql.join(
          STORED.filter((n) => n !== 'code').map((n) => sql`${sql.ref(snake(n))} = excluded.${sql.ref(snake(n))}`),
        )}`;
  for (const part of chunks(regions, 5000)) {
    const json = JSON.stringify(
      part.map((r) => Object.fromEntries(STORED.map((n) => [snake(n), n === 'sort' ? (r.sort ?? 0) : (r[n] ?? null)]))),
    );
    await sql`
      insert into blade_region (${columns})
      select ${columns} from json_to_recordset(cast(${json} as json)) as x(${types})
      on conflict (code) ${onConflict}`.execute(trx);
  }
}

/**
 * An export's regions, in code order: filtered as BladeX's export filters (a map: suffix operators,
 * text without one matches what contains it), so the screen's search (code, name: contains) selects the same.
 */
export function exportQuery(db: Db, query: Record<string, unknown>) {
  return db
    .selectFrom('blade_region as r')
    .where((eb) => eb.and(filterConditions(eb, query, REGION_FIELDS, 'map')))
    .select(selection)
    .orderBy('r.code');
}
