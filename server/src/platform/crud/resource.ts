import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { FieldKind } from '../http/query.ts';
import type { Caller } from '../tenancy/context.ts';
import type { AnyTrx } from '../tenancy/tenant-db.ts';

/** One field as the API names it, and the column that holds it. */
export interface FieldSpec {
  column: string;
  kind: FieldKind;
  /** May be used as a list filter (BladeX suffix operators apply). Default true. */
  filter?: boolean;
  /** May be named in ascs/descs. Default true. */
  sort?: boolean;
  /** Written but never read back: not selected, filtered or sorted (a password hash). */
  writeOnly?: boolean;
}

export interface UniqueRule {
  /** API field names whose values, together, must not repeat among live rows (per tenant when scoped). */
  fields: readonly string[];
  /** The partial unique index that backs the rule in the database, so a race still answers the message. */
  index: string;
  /** Catalogue key of the 409 answer. */
  message: string;
  /** Only rows with these field values count (the index is partial the same way), e.g. `{ treated: 0 }`. */
  where?: Record<string, string | number>;
}

/** Rows of another table that name a record of this resource by id. */
export interface ReferenceRule {
  table: string;
  column: string;
  /** Catalogue key of what holds the reference (a noun: "refuels"), named in the refusal. */
  what: string;
  /** The column holds comma-joined ids (a user's posts). */
  list?: boolean;
}

export type CrudAction = 'read' | 'add' | 'edit' | 'remove';

/** A list parameter that is not a field: its value's kind (checked as a field's is) and its condition. */
export interface QueryFilter {
  kind: FieldKind;
  /**
   * What the condition reads first, in a list's page (a subtree's ids), so that the page's query gets
   * values the planner can weigh rather than a subquery; `where` is then given it as `prepared`.
   */
  prepare?(trx: AnyTrx, value: string, caller: Caller): Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: applies to any table
  where(eb: ExpressionBuilder<any, any>, value: string, caller: Caller, prepared?: unknown): Expression<SqlBool>;
}

export interface CrudHooks {
  /**
   * Slow work before the transaction opens (a photo's face descriptor), so no connection waits on
   * it; `id` is the record's on update. Answers values to save beside the input's (writeOnly fields).
   */
  prepare?(request: FastifyRequest, values: Record<string, unknown>, id?: string): Promise<Record<string, unknown>>;
  /** Further rules before an insert or update; `existing` is the current record on update. */
  beforeSave?(
    trx: AnyTrx,
    caller: Caller,
    values: Record<string, unknown>,
    existing?: Record<string, unknown>,
  ): Promise<void>;
  /**
   * Whether the caller may act on these existing records at all (a user above the caller), before
   * any other rule of an update or a removal. Routes outside the factory that act on the records call it too.
   */
  beforeAct?(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void>;
  beforeRemove?(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void>;
  /**
   * Work outside the database once a removal is committed (stored files), so a refused or rolled-back
   * removal leaves it undone. An error here still answers 500: the rows are gone but the work is not.
   */
  afterRemove?(caller: Caller, ids: string[]): Promise<void>;
  /** Work that needs the saved record (its id): link tables, derived rows. Same transaction. */
  afterSave?(
    trx: AnyTrx,
    caller: Caller,
    record: Record<string, unknown>,
    values: Record<string, unknown>,
    existing?: Record<string, unknown>,
  ): Promise<void>;
  /** Adds to the records a list or detail answers (names of linked rows, dictionary labels). */
  decorate?(trx: AnyTrx, caller: Caller, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
}

/**
 * A resource declared once: the CRUD routes, queries, validation and permissions all follow from it.
 * The audit columns (id, createUser, createTime, ..., status, isDeleted) are added by the factory.
 */
export interface CrudResource {
  table: string;
  /** Rows belong to a tenant: every query is limited to the caller's (and row-level security agrees). */
  tenantScoped: boolean;
  fields: Record<string, FieldSpec>;
  /** `map`: BladeX suffix operators; `entity`: equality on each given field. */
  filterStyle: 'map' | 'entity';
  defaultOrder: readonly { field: string; direction: 'asc' | 'desc' }[];
  /** Input of an insert; an update accepts the same fields, each optional. */
  input: z.ZodObject;
  unique?: readonly UniqueRule[];
  /** The resource code that data-scope rules (blade_scope_data.resource_code) name; lists then show only what the caller may see. */
  dataScope?: string;
  /**
   * A tree: `parent` names the field holding the parent id (0 for roots), `title` the field shown
   * as the node's title. Removal then refuses nodes with children, and saving refuses a missing
   * parent or a parent below the node itself.
   */
  tree?: { parent: string; title: string };
  /** Platform-wide rows (no tenant): only callers of the platform tenant may reach them. */
  platformOnly?: boolean;
  /**
   * Live rows elsewhere that name these records: removing a record still named is refused with a
   * message naming the record (by `label`, a field) and what names it. The referring tables are
   * tenant-scoped and soft-deleted, as every business table is.
   */
  references?: { label: string; by: readonly ReferenceRule[] };
  /** Permission codes (menu or button codes) per action. */
  permissions: Record<CrudAction, string | readonly string[]>;
  /**
   * The narrow read (`select`) of the screens that pick this resource: `fields` (besides the id) is
   * all they get; `permissions` are those screens' codes. Without it only the read codes reach any row.
   */
  picker?: { fields: readonly string[]; permissions: readonly string[] };
  hooks?: CrudHooks;
  /**
   * List parameters that are not fields (e.g. a user page's `deptId`, which takes in sub-depts):
   * each turns its non-empty value into a condition.
   */
  queryFilters?: Record<string, QueryFilter>;
}

export const AUDIT_FIELDS: Record<string, FieldSpec> = {
  id: { column: 'id', kind: 'id' },
  createUser: { column: 'create_user', kind: 'id' },
  createDept: { column: 'create_dept', kind: 'id' },
  createTime: { column: 'create_time', kind: 'date' },
  updateUser: { column: 'update_user', kind: 'id' },
  updateTime: { column: 'update_time', kind: 'date' },
  status: { column: 'status', kind: 'int' },
  isDeleted: { column: 'is_deleted', kind: 'int', filter: false },
};

export const TENANT_FIELD: Record<string, FieldSpec> = { tenantId: { column: 'tenant_id', kind: 'text' } };

/** Every field of a resource's records, audit columns included. */
export function allFields(resource: CrudResource): Record<string, FieldSpec> {
  return { ...AUDIT_FIELDS, ...(resource.tenantScoped ? TENANT_FIELD : {}), ...resource.fields };
}
