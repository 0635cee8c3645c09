import { buildTree, nest, type TreeNode } from '../../../platform/crud/tree.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { deptMessages as m } from './messages.ts';
import {
  DEPT_FIELDS,
  type DeptRow,
  deptCategoryNames,
  deptNames,
  deptsWithUsers,
  findDept,
  findDepts,
  findDeptsByIds,
  findDeptsWithChildFlag,
  insertDept,
  isSelfOrBelow,
  lockDeptTree,
  parentsWithOtherChildren,
  rewriteAncestors,
  softDeleteDepts,
  updateDept,
  userDeptIds,
} from './repository.ts';
import type { DeptUpdate } from './schema.ts';

/** BladeX DeptVO: the dept with its parent's name and its category's label. */
export type DeptRecord = DeptRow & { parentName: string | null; deptCategoryName: string | null };

async function decorate<T extends DeptRow>(trx: AnyTrx, tenantId: string, rows: T[]) {
  const parentIds = [...new Set(rows.map((r) => String(r.parentId)).filter((id) => id !== '0'))];
  const parents = await deptNames(trx, tenantId, parentIds);
  const categories = await deptCategoryNames(trx);
  return rows.map((r) => ({
    ...r,
    parentName: parents.get(String(r.parentId)) ?? null,
    deptCategoryName: categories.get(String(r.deptCategory)) ?? null,
  }));
}

const isFilter = ([key, value]: [string, unknown]) =>
  value !== undefined && value !== '' && key.split('_')[0]! in DEPT_FIELDS;

/** `list`: the depts matching the filters, nested as a forest (BladeX listNodeVO). */
export async function listDepts(trx: AnyTrx, tenantId: string, filters: Record<string, unknown>) {
  return nest(await decorate(trx, tenantId, await findDepts(trx, tenantId, filters)));
}

/**
 * `lazy-list`: one level below `parentId` (roots by default). A search without a parentId looks
 * through the whole tree and nests what it finds, as BladeX does when the search form is used.
 */
export async function lazyListDepts(
  trx: AnyTrx,
  tenantId: string,
  parentId: string | undefined,
  filters: Record<string, unknown>,
) {
  const searching = parentId === undefined && Object.entries(filters).some(isFilter);
  const rows = await findDeptsWithChildFlag(trx, tenantId, searching ? undefined : (parentId ?? '0'), filters);
  const decorated = await decorate(trx, tenantId, rows);
  return searching ? nest(decorated) : decorated;
}

/** `tree`: every live dept of the tenant as tree nodes. */
export async function deptTree(trx: AnyTrx, tenantId: string): Promise<TreeNode[]> {
  const rows = await findDepts(trx, tenantId, {});
  return buildTree(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.deptName })));
}

/** `lazy-tree`: the tree nodes one level below `parentId`, each saying whether it has children. */
export async function deptLazyTree(trx: AnyTrx, tenantId: string, parentId: string): Promise<TreeNode[]> {
  const rows = await findDeptsWithChildFlag(trx, tenantId, parentId, {});
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    title: r.deptName,
    key: r.id,
    value: r.id,
    hasChildren: r.hasChildren,
  }));
}

export async function deptDetail(trx: AnyTrx, tenantId: string, id: string): Promise<DeptRecord> {
  const row = await findDept(trx, tenantId, id);
  if (!row) throw notFound();
  const [record] = await decorate(trx, tenantId, [row]);
  return record!;
}

/** The ancestors of a child of `parentId`: "0" for a root, else the parent's path and the parent. */
async function ancestorsUnder(trx: AnyTrx, tenantId: string, parentId: string): Promise<string> {
  if (parentId === '0') return '0';
  const parent = await findDept(trx, tenantId, parentId);
  if (!parent) throw badRequest(m['dept.parent.missing']);
  return `${parent.ancestors},${parent.id}`;
}

/**
 * `submit`: inserts without an id, else updates the fields sent. A new parent must be a live dept
 * of the tenant and not the dept itself or below it; a move rewrites the ancestors of the whole
 * subtree in the same transaction.
 */
export async function saveDept(
  trx: AnyTrx,
  tenantId: string,
  id: string | undefined,
  values: DeptUpdate,
): Promise<DeptRecord> {
  await lockDeptTree(trx, tenantId);
  if (!id) {
    const parentId = values.parentId ?? '0';
    const ancestors = await ancestorsUnder(trx, tenantId, parentId);
    const newId = nextId();
    await insertDept(trx, tenantId, newId, { ...values, parentId, ancestors });
    return deptDetail(trx, tenantId, newId);
  }
  const existing = await findDept(trx, tenantId, id);
  if (!existing) throw notFound();
  const { parentId, ...rest } = values;
  if (parentId === undefined || parentId === String(existing.parentId)) {
    await updateDept(trx, tenantId, id, rest);
  } else {
    if (parentId !== '0' && (await isSelfOrBelow(trx, tenantId, parentId, id)))
      throw badRequest(m['dept.parent.cycle']);
    const ancestors = await ancestorsUnder(trx, tenantId, parentId);
    await updateDept(trx, tenantId, id, { ...rest, parentId });
    await rewriteAncestors(trx, tenantId, id, ancestors);
  }
  return deptDetail(trx, tenantId, id);
}

/** `remove`: all of the ids or none; a dept with sub-depts (not removed with it) or with users stays. */
export async function removeDepts(trx: AnyTrx, tenantId: string, ids: string[]): Promise<void> {
  await lockDeptTree(trx, tenantId);
  const found = await findDeptsByIds(trx, tenantId, ids);
  const missing = ids.filter((id) => !found.some((d) => String(d.id) === id));
  if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  const parents = await parentsWithOtherChildren(trx, tenantId, ids);
  if (parents.length) throw badRequest(m['dept.remove.hasChildren'], { names: parents.map((p) => p.name).join(', ') });
  const withUsers = await deptsWithUsers(trx, tenantId, ids);
  if (withUsers.length) throw badRequest(m['dept.remove.hasUsers'], { names: withUsers.map((d) => d.name).join(', ') });
  await softDeleteDepts(trx, tenantId, ids);
}

/** `select`: the live depts a user of the tenant belongs to (for the dept switch). */
export async function userDepts(trx: AnyTrx, tenantId: string, userId: string): Promise<DeptRow[]> {
  const ids = await userDeptIds(trx, tenantId, userId);
  if (!ids) throw notFound();
  return findDeptsByIds(trx, tenantId, ids);
}

/** `search/dept`: the depts whose name contains `deptName`, below `parentId` when given, with their labels. */
export async function searchDepts(
  trx: AnyTrx,
  tenantId: string,
  query: { deptName?: string; parentId?: string },
): Promise<DeptRecord[]> {
  const filters = { deptName: query.deptName, parentId_equal: query.parentId };
  return decorate(trx, tenantId, await findDepts(trx, tenantId, filters));
}
