import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { readPage } from '../../../platform/db/paging.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { type FilterField, filterConditions, type Page, sortTerms } from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { DictionaryResource } from './resource.ts';
import type { DictPageQuery } from './schema.ts';

/** A dictionary row as the API answers it. */
export interface DictRecord {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
  isSealed: number;
  isDeleted: number;
  /** The parent's name; null for a dictionary (root). */
  parentName: string | null;
  tenantId?: string;
}

/** An item as `dictionary?code=` answers it: what every screen needs to show and pick values. */
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
}

// A type, not an interface, so that it fits buildTree's open row shape.
export type DictTreeRow = {
  id: string;
  parentId: string;
  title: string;
  code: string;
  dictKey: string;
  sort: number;
};

/** Conditions a caller adds to a page query (roots only, one dictionary's items). */
// biome-ignore lint/suspicious/noExplicitAny: the table is named by the declaration
export type DictWhere = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>[];
// biome-ignore lint/suspicious/noExplicitAny: as above
type Query = SelectQueryBuilder<any, any, object>;

/** List filters and sort columns: BladeX's suffix operators over these fields only. */
const FIELDS: Record<string, FilterField> = {
  id: { column: 'd.id', kind: 'id' },
  parentId: { column: 'd.parent_id', kind: 'id' },
  code: { column: 'd.code', kind: 'text' },
  dictKey: { column: 'd.dict_key', kind: 'text' },
  dictValue: { column: 'd.dict_value', kind: 'text' },
  sort: { column: 'd.sort', kind: 'int' },
  remark: { column: 'd.remark', kind: 'text' },
  isSealed: { column: 'd.is_sealed', kind: 'int' },
};
const SORTABLE = Object.fromEntries(Object.entries(FIELDS).map(([name, f]) => [name, f.column]));

/** The queries of one dictionary table. Every one excludes removed rows and, when scoped, other tenants. */
export function dictRepository(resource: Pick<DictionaryResource, 'table' | 'tenantScoped'>) {
  const { table, tenantScoped } = resource;

  function live(trx: AnyTrx, tenantId: string): Query {
    let q: Query = trx.selectFrom(`${table} as d`).where('d.is_deleted', '=', 0);
    if (tenantScoped) q = q.where('d.tenant_id', '=', tenantId);
    return q;
  }

  function withRecord(q: Query) {
    return q
      .leftJoin(`${table} as p`, (join) => join.onRef('p.id', '=', 'd.parent_id').on('p.is_deleted', '=', 0))
      .select([
        'd.id',
        'd.parent_id as parentId',
        'd.code',
        'd.dict_key as dictKey',
        'd.dict_value as dictValue',
        'd.sort',
        'd.remark',
        'd.is_sealed as isSealed',
        'd.is_deleted as isDeleted',
        'p.dict_value as parentName',
        ...(tenantScoped ? ['d.tenant_id as tenantId'] : []),
      ]);
  }

  return {
    /** One page of live rows matching the BladeX filters and the extra conditions. */
    async page(
      trx: AnyTrx,
      tenantId: string,
      query: DictPageQuery,
      where: DictWhere,
      defaultOrder: readonly string[],
    ): Promise<Page<DictRecord>> {
      const base = live(trx, tenantId).where((eb) =>
        eb.and([...filterConditions(eb, query, FIELDS, 'map'), ...where(eb)]),
      );
      const terms = sortTerms(query, SORTABLE);
      return readPage<DictRecord>(
        {
          db: trx,
          rows: base,
          key: 'd.id',
          select: (q) => withRecord(q),
          order: (q) => {
            let o = terms.reduce((ordered, t) => ordered.orderBy(sql.ref(t.column), t.direction), q);
            for (const column of terms.length ? [] : defaultOrder) o = o.orderBy(sql.ref(column), 'asc');
            return o.orderBy('d.id', 'asc');
          },
        },
        query,
      );
    },

    /** Every live row matching the BladeX filters, by `sort` (BladeX's `list`: no paging). */
    async all(trx: AnyTrx, tenantId: string, query: Record<string, unknown>): Promise<DictRecord[]> {
      const rows = withRecord(live(trx, tenantId).where((eb) => eb.and(filterConditions(eb, query, FIELDS, 'map'))));
      return (await rows.orderBy('d.sort', 'asc').orderBy('d.id', 'asc').execute()) as DictRecord[];
    },

    async find(trx: AnyTrx, tenantId: string, id: string): Promise<DictRecord | undefined> {
      return (await withRecord(live(trx, tenantId).where('d.id', '=', id)).executeTakeFirst()) as
        | DictRecord
        | undefined;
    },

    /** Rows for tree answers: every dictionary with its items, one dictionary, or the roots only. */
    async treeRows(trx: AnyTrx, tenantId: string, only: { code?: string; roots?: boolean }): Promise<DictTreeRow[]> {
      let q = live(trx, tenantId);
      if (only.code !== undefined) q = q.where('d.code', '=', only.code);
      if (only.roots) q = q.where('d.parent_id', '=', '0');
      return (await q
        .select([
          'd.id',
          'd.parent_id as parentId',
          'd.dict_value as title',
          'd.code',
          'd.dict_key as dictKey',
          'd.sort',
        ])
        .orderBy('d.sort', 'asc')
        .orderBy('d.id', 'asc')
        .execute()) as DictTreeRow[];
    },

    /** The usable items of a dictionary: below its root, not sealed, in their order. */
    async items(trx: AnyTrx, tenantId: string, code: string): Promise<DictItem[]> {
      return (await live(trx, tenantId)
        .where('d.code', '=', code)
        .where('d.parent_id', '<>', '0')
        .where('d.is_sealed', '=', 0)
        .select([
          'd.id',
          'd.parent_id as parentId',
          'd.code',
          'd.dict_key as dictKey',
          'd.dict_value as dictValue',
          'd.sort',
          'd.remark',
        ])
        .orderBy('d.sort', 'asc')
        .orderBy('d.id', 'asc')
        .execute()) as DictItem[];
    },

    /** Each item of a dictionary with its parent: enough to walk up from any of them. */
    async links(trx: AnyTrx, tenantId: string, code: string): Promise<Map<string, string>> {
      const rows = await live(trx, tenantId)
        .where('d.code', '=', code)
        .select(['d.id', 'd.parent_id as parentId'])
        .execute();
      return new Map(rows.map((r) => [String(r.id), String(r.parentId)]));
    },

    async keyTaken(trx: AnyTrx, tenantId: string, code: string, dictKey: string, exceptId?: string): Promise<boolean> {
      let q = live(trx, tenantId).where('d.code', '=', code).where('d.dict_key', '=', dictKey);
      if (exceptId) q = q.where('d.id', '<>', exceptId);
      return (await q.select('d.id').executeTakeFirst()) !== undefined;
    },

    async insert(trx: AnyTrx, tenantId: string, values: Record<string, unknown>): Promise<string> {
      const id = nextId();
      await trx
        .insertInto(table)
        .values({ ...values, id, is_deleted: 0, ...(tenantScoped ? { tenant_id: tenantId } : {}) })
        .execute();
      return id;
    },

    async update(trx: AnyTrx, tenantId: string, id: string, values: Record<string, unknown>): Promise<void> {
      let q = trx.updateTable(table).set(values).where('id', '=', id).where('is_deleted', '=', 0);
      if (tenantScoped) q = q.where('tenant_id', '=', tenantId);
      await q.execute();
    },

    /** A dictionary's items carry its code: renaming it renames them. */
    async renameItems(trx: AnyTrx, tenantId: string, from: string, to: string): Promise<void> {
      let q = trx
        .updateTable(table)
        .set({ code: to })
        .where('code', '=', from)
        .where('parent_id', '<>', '0')
        .where('is_deleted', '=', 0);
      if (tenantScoped) q = q.where('tenant_id', '=', tenantId);
      await q.execute();
    },

    async liveIds(trx: AnyTrx, tenantId: string, ids: string[]): Promise<string[]> {
      const rows = await live(trx, tenantId).where('d.id', 'in', ids).select('d.id').execute();
      return rows.map((r) => String(r.id));
    },

    /** Whether one of the rows has a live child that is not itself among them. */
    async hasChildOutside(trx: AnyTrx, tenantId: string, ids: string[]): Promise<boolean> {
      const child = await live(trx, tenantId)
        .where('d.parent_id', 'in', ids)
        .where('d.id', 'not in', ids)
        .select('d.id')
        .executeTakeFirst();
      return child !== undefined;
    },

    async softDelete(trx: AnyTrx, tenantId: string, ids: string[]): Promise<void> {
      let q = trx.updateTable(table).set({ is_deleted: 1 }).where('id', 'in', ids).where('is_deleted', '=', 0);
      if (tenantScoped) q = q.where('tenant_id', '=', tenantId);
      await q.execute();
    },
  };
}

export type DictRepository = ReturnType<typeof dictRepository>;
