import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { readPage } from '../db/paging.ts';
import { nextId } from '../db/snowflake.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import {
  checkFilterValue,
  type FilterField,
  filterConditions,
  type Page,
  type PageQuery,
  sortTerms,
} from '../http/query.ts';
import type { Caller } from '../tenancy/context.ts';
import type { AnyTrx } from '../tenancy/tenant-db.ts';
import { type DataScope, dataScopeCondition } from './data-scope.ts';
import { allFields, type CrudResource } from './resource.ts';

export type Row = Record<string, unknown>;

/** The queries of the CRUD factory. Every one excludes soft-deleted rows and, when scoped, other tenants. */
export function crudRepository(resource: CrudResource) {
  const fields = allFields(resource);
  const readable = Object.entries(fields).filter(([, f]) => !f.writeOnly);
  const selection = readable.map(([name, f]) => sql.ref(f.column).as(name));
  const filterable: Record<string, FilterField> = Object.fromEntries(readable.filter(([, f]) => f.filter !== false));
  const sortable = Object.fromEntries(
    readable.filter(([, f]) => f.sort !== false).map(([name, f]) => [name, f.column]),
  );

  /** Live rows of the caller's tenant, within the caller's data scope when one is given. */
  function live(trx: AnyTrx, caller: Caller, scope: DataScope = 'all') {
    // biome-ignore lint/suspicious/noExplicitAny: the table is named by the declaration
    let q: SelectQueryBuilder<any, any, Row> = trx.selectFrom(resource.table).where('is_deleted', '=', 0);
    if (resource.tenantScoped) q = q.where('tenant_id', '=', caller.tenantId);
    if (scope !== 'all') q = q.where((eb) => dataScopeCondition(eb, scope, filterable) ?? sql<SqlBool>`true`);
    return q;
  }

  function toColumns(values: Row): Row {
    const columns: Row = {};
    for (const [name, value] of Object.entries(values)) {
      const f = resource.fields[name] ?? (name === 'status' ? fields.status : undefined);
      if (f && value !== undefined) columns[f.column] = value;
    }
    return columns;
  }

  async function assertUnique(trx: AnyTrx, caller: Caller, values: Row, exceptId?: string) {
    for (const rule of resource.unique ?? []) {
      if (rule.fields.some((f) => values[f] === undefined)) continue;
      let q = live(trx, caller).select('id');
      for (const f of rule.fields) q = q.where(resource.fields[f]?.column ?? f, '=', values[f]);
      for (const [f, v] of Object.entries(rule.where ?? {})) q = q.where(resource.fields[f]?.column ?? f, '=', v);
      if (exceptId) q = q.where('id', '<>', exceptId);
      if (await q.executeTakeFirst()) throw conflict(rule.message, pick(values, rule.fields));
    }
  }

  /** A unique index that fired despite the check (two writers at once) answers the same 409. */
  async function guarded<T>(values: Row, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      const rule = resource.unique?.find((r) => r.index === constraint);
      if (code === '23505' && rule) throw conflict(rule.message, pick(values, rule.fields));
      throw error;
    }
  }

  /** What the resource's own parameters read before the query (`QueryFilter.prepare`), by parameter. */
  async function prepareFilters(trx: AnyTrx, caller: Caller, query: Row): Promise<Row> {
    const prepared: Row = {};
    for (const [key, filter] of Object.entries(resource.queryFilters ?? {})) {
      const value = query[key];
      if (!filter.prepare || typeof value !== 'string' || !value.trim()) continue;
      checkFilterValue(key, filter.kind, value.trim());
      prepared[key] = await filter.prepare(trx, value.trim(), caller);
    }
    return prepared;
  }

  /** Live rows matching a list's filters (field filters, the resource's own parameters, the data scope). */
  function matching(trx: AnyTrx, caller: Caller, query: Row, scope: DataScope, prepared: Row = {}) {
    return live(trx, caller, scope).where((eb) => {
      // A parameter with its own filter is not also read as a field filter of the same name.
      const fieldQuery = Object.fromEntries(Object.entries(query).filter(([key]) => !resource.queryFilters?.[key]));
      return eb.and([
        ...filterConditions(eb, fieldQuery, filterable, resource.filterStyle),
        ...Object.entries(resource.queryFilters ?? {}).flatMap(([key, filter]) => {
          const value = query[key];
          if (typeof value !== 'string' || !value.trim()) return [];
          checkFilterValue(key, filter.kind, value.trim());
          return [filter.where(eb, value.trim(), caller, prepared[key])];
        }),
      ]);
    });
  }

  /** 404 naming the ids that are not live rows the caller sees (another tenant's, outside the data scope). */
  async function requireAll(trx: AnyTrx, caller: Caller, ids: string[], scope: DataScope = 'all'): Promise<void> {
    const found = await live(trx, caller, scope).select('id').where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !found.some((r) => String(r.id) === id));
    if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  }

  const parentColumn = resource.tree ? fields[resource.tree.parent]?.column : undefined;

  /** A parent must exist, and must not be the node itself or one of its descendants. */
  async function assertParent(trx: AnyTrx, caller: Caller, values: Row, id?: string) {
    if (!resource.tree || !parentColumn) return;
    const parentId = values[resource.tree.parent];
    if (parentId === undefined || parentId === null || String(parentId) === '0') return;
    if (!(await live(trx, caller).select('id').where('id', '=', parentId).executeTakeFirst())) {
      throw badRequest('error.tree.parentMissing');
    }
    if (!id) return;
    const { rows } = await sql<{ id: string }>`
      with recursive up as (
        select id, ${sql.ref(parentColumn)} as parent, 1 as depth from ${sql.table(resource.table)} where id = ${parentId}
        union all
        select t.id, t.${sql.ref(parentColumn)}, up.depth + 1 from ${sql.table(resource.table)} t
        join up on t.id = up.parent where up.depth < 100
      )
      select id from up where id = ${id} limit 1`.execute(trx);
    if (rows.length) throw badRequest('error.tree.cycle');
  }

  return {
    /** Every live row matching the filters, in the default order (for trees; at most 10000). */
    async all(trx: AnyTrx, caller: Caller, query: Row, scope: DataScope = 'all'): Promise<Row[]> {
      let q = live(trx, caller, scope)
        .where((eb) => eb.and(filterConditions(eb, query, filterable, resource.filterStyle)))
        .select(selection);
      for (const o of resource.defaultOrder) q = q.orderBy(sql.ref(fields[o.field]?.column ?? o.field), o.direction);
      return q.orderBy('id', 'asc').limit(10_000).execute();
    },

    /** The live children of one node, each marked with whether it has children of its own. */
    async children(trx: AnyTrx, caller: Caller, parentId: string, scope: DataScope = 'all'): Promise<Row[]> {
      if (!parentColumn) return [];
      const table = sql.table(resource.table);
      let q = live(trx, caller, scope)
        .where(parentColumn, '=', parentId)
        .select(selection)
        .select(
          sql<boolean>`exists (select 1 from ${table} c where c.${sql.ref(parentColumn)} = ${sql.ref(`${resource.table}.id`)} and c.is_deleted = 0)`.as(
            'hasChildren',
          ),
        );
      for (const o of resource.defaultOrder) q = q.orderBy(sql.ref(fields[o.field]?.column ?? o.field), o.direction);
      return q.orderBy('id', 'asc').execute();
    },

    /** One page of live rows matching the filters, limited to what the caller's data scope shows. */
    async page(trx: AnyTrx, caller: Caller, query: PageQuery & Row, scope: DataScope = 'all'): Promise<Page<Row>> {
      const order = sortTerms(query, sortable);
      const terms = order.length
        ? order
        : resource.defaultOrder.map((o) => ({ column: fields[o.field]?.column ?? o.field, direction: o.direction }));
      const prepared = await prepareFilters(trx, caller, query);
      return readPage<Row>(
        {
          db: trx,
          rows: matching(trx, caller, query, scope, prepared),
          key: 'id',
          select: (q) => q.select(selection),
          order: (q) => terms.reduce((o, t) => o.orderBy(sql.ref(t.column), t.direction), q).orderBy('id', 'desc'),
        },
        query,
      );
    },

    /** A page as the list screens show it: its rows with what the resource's `decorate` adds (names, labels). */
    async decoratedPage(trx: AnyTrx, caller: Caller, query: PageQuery & Row, scope: DataScope = 'all') {
      const found = await this.page(trx, caller, query, scope);
      return { ...found, records: (await resource.hooks?.decorate?.(trx, caller, found.records)) ?? found.records };
    },

    /** The ids of the live rows a list with these filters shows, as a subquery (exports of a list's rows). */
    matchingIds(trx: AnyTrx, caller: Caller, query: Row, scope: DataScope = 'all') {
      return matching(trx, caller, query, scope).select('id');
    },

    /** One live row; outside the data scope given it is not found, as in the lists. */
    async find(trx: AnyTrx, caller: Caller, id: string, scope: DataScope = 'all'): Promise<Row | undefined> {
      return live(trx, caller, scope).select(selection).where('id', '=', id).executeTakeFirst();
    },

    async insert(trx: AnyTrx, caller: Caller, values: Row): Promise<Row> {
      await assertUnique(trx, caller, values);
      await assertParent(trx, caller, values);
      const row = {
        ...toColumns(values),
        id: nextId(),
        ...(resource.tenantScoped ? { tenant_id: caller.tenantId } : {}),
        create_user: caller.userId,
        create_dept: caller.deptIds[0] ?? null,
        update_user: caller.userId,
        create_time: sql`now()`,
        update_time: sql`now()`,
        is_deleted: 0,
      };
      return guarded(values, () =>
        trx.insertInto(resource.table).values(row).returning(selection).executeTakeFirstOrThrow(),
      );
    },

    async update(trx: AnyTrx, caller: Caller, id: string, values: Row): Promise<Row> {
      await assertUnique(trx, caller, values, id);
      await assertParent(trx, caller, values, id);
      const set = { ...toColumns(values), update_user: caller.userId, update_time: sql`now()` };
      let q = trx.updateTable(resource.table).set(set).where('id', '=', id).where('is_deleted', '=', 0);
      if (resource.tenantScoped) q = q.where('tenant_id', '=', caller.tenantId);
      const row = await guarded(values, () => q.returning(selection).executeTakeFirst());
      if (!row) throw notFound();
      return row as Row;
    },

    requireAll,

    /** Soft-deletes all of the ids or none: an id the caller cannot see refuses the whole call. */
    async softDelete(trx: AnyTrx, caller: Caller, ids: string[], scope: DataScope = 'all'): Promise<void> {
      await requireAll(trx, caller, ids, scope);
      if (parentColumn) {
        const child = await live(trx, caller)
          .select('id')
          .where(parentColumn, 'in', ids)
          .where('id', 'not in', ids)
          .executeTakeFirst();
        if (child) throw badRequest('error.tree.hasChildren');
      }
      let q = trx
        .updateTable(resource.table)
        .set({ is_deleted: 1, update_user: caller.userId, update_time: sql`now()` })
        .where('id', 'in', ids);
      if (resource.tenantScoped) q = q.where('tenant_id', '=', caller.tenantId);
      await q.execute();
    },
  };
}

function pick(values: Row, keys: readonly string[]): Row {
  return Object.fromEntries(keys.map((k) => [k, values[k]]));
}
