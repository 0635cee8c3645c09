import type { TreeNode } from '../../../platform/crud/tree.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import type { AnyDb } from '../../../platform/tenancy/tenant-db.ts';
import { regionMessages as m } from './messages.ts';
import {
  childRegions,
  deleteRegion,
  findRegion,
  hasChildRegions,
  insertRegion,
  isSelfOrBelow,
  LEVELS,
  lockRegionTree,
  type RegionRow,
  rewriteBelow,
  subtreeHeight,
  updateRegion,
} from './repository.ts';
import { ROOT_CODE, regionInput, regionUpdate } from './schema.ts';

/** BladeX RegionVO: the region with its parent's name (null for a province, whose parent is the root). */
export type RegionRecord = RegionRow & { parentName: string | null };

export async function regionDetail(db: AnyDb, code: string): Promise<RegionRecord> {
  const region = await findRegion(db, code);
  if (!region) throw notFound();
  const parent =
    region.parentCode && region.parentCode !== ROOT_CODE ? await findRegion(db, region.parentCode) : undefined;
  return { ...region, parentName: parent?.name ?? null };
}

/** `lazy-tree`: tree nodes one level below `parentCode`; a region's code is its node id. */
export async function regionLazyTree(
  db: AnyDb,
  parentCode: string,
  search: { code?: string; name?: string },
): Promise<TreeNode[]> {
  const rows = await childRegions(db, parentCode, search);
  return rows.map((r) => ({
    id: r.code,
    parentId: parentCode,
    title: r.name,
    key: r.code,
    value: r.code,
    hasChildren: r.hasChildren,
  }));
}

/**
 * `lazy-list` (BladeX RegionVO rows): regions one level below `parentCode` with their child flag, or,
 * without a parent, every region the search matches. Like every tree row, each names its `id` and `parentId`.
 */
export async function regionLazyList(
  db: AnyDb,
  parentCode: string | undefined,
  search: { code?: string; name?: string },
): Promise<(RegionRow & { id: string; parentId: string | null; hasChildren: boolean })[]> {
  const searching = Boolean(search.code || search.name);
  const rows = await childRegions(db, parentCode ?? (searching ? undefined : ROOT_CODE), search);
  return rows.map((r) => ({ ...r, id: r.code, parentId: r.parentCode }));
}

type ChainKey = `${(typeof LEVELS)[number]}${'Code' | 'Name'}`;
export type Placement = Record<ChainKey, string | null> & { ancestors: string; regionLevel: number };

/**
 * Where a region under `parent` (null: the root) sits: its ancestors and level, and the chain
 * columns: the parent's above its own level, its own code and name at its level, nothing below.
 */
export function placeUnder(
  parent: Pick<RegionRow, 'code' | 'ancestors' | 'regionLevel' | ChainKey> | null,
  code: string,
  name: string,
): Placement {
  const regionLevel = (parent?.regionLevel ?? 0) + 1;
  const chain = {} as Record<ChainKey, string | null>;
  LEVELS.forEach((l, i) => {
    const level = i + 1;
    chain[`${l}Code`] = level === regionLevel ? code : level < regionLevel ? (parent?.[`${l}Code`] ?? null) : null;
    chain[`${l}Name`] = level === regionLevel ? name : level < regionLevel ? (parent?.[`${l}Name`] ?? null) : null;
  });
  const ancestors = parent ? `${parent.ancestors ?? ROOT_CODE},${parent.code}` : ROOT_CODE;
  return { ...chain, ancestors, regionLevel };
}

/**
 * `submit`: the code is the key, so a known code updates (region_edit) and a new one inserts
 * (region_add). `save` only inserts (a known code is a conflict) and `update` only updates (an unknown
 * code is not found); the rules below are the same for all three. The parent must exist (or be the root 00) and not be the region or below it;
 * ancestors, level and chain columns follow from the parent, for the region and everything below it.
 */
export async function saveRegion(
  db: AnyDb,
  body: Record<string, unknown> & { code: string },
  mayDo: (action: 'add' | 'edit') => Promise<boolean>,
  route: 'submit' | 'save' | 'update' = 'submit',
): Promise<RegionRecord> {
  await db.transaction().execute(async (trx) => {
    await lockRegionTree(trx);
    const existing = await findRegion(trx, body.code);
    if (route === 'save' && existing) throw conflict(m['region.code.exists'], { code: body.code });
    if (route === 'update' && !existing) throw notFound();
    if (!(await mayDo(existing ? 'edit' : 'add'))) throw forbidden();
    const values = existing ? regionUpdate.parse(body) : regionInput.parse(body);
    const parentCode = values.parentCode ?? existing?.parentCode ?? ROOT_CODE;
    const name = values.name ?? existing?.name ?? '';
    let parent: RegionRow | null = null;
    if (parentCode !== ROOT_CODE) {
      if (existing && (await isSelfOrBelow(trx, parentCode, existing.code))) throw badRequest(m['region.parent.cycle']);
      parent = (await findRegion(trx, parentCode)) ?? null;
      if (!parent) throw badRequest(m['region.parent.missing'], { parentCode });
    }
    const place = placeUnder(parent, values.code, name);
    const moved = existing !== undefined && place.regionLevel !== existing.regionLevel;
    const height = moved ? await subtreeHeight(trx, values.code) : 0;
    if (place.regionLevel + height > LEVELS.length) throw badRequest(m['region.level.tooDeep']);
    const row = { ...place, code: values.code, parentCode, name, sort: values.sort, remark: values.remark };
    if (!existing) return insertRegion(trx, { ...row, remark: row.remark ?? null });
    await updateRegion(trx, existing.code, row);
    // Only a move or a new name changes what the regions below keep of their chain.
    if (parentCode !== existing.parentCode || name !== existing.name) await rewriteBelow(trx, existing.code);
  });
  return regionDetail(db, body.code);
}

/** `remove?id=`: deletes one region (the table keeps no removed rows), refusing one with children. */
export async function removeRegion(db: AnyDb, code: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRegionTree(trx);
    if (!(await findRegion(trx, code))) throw notFound();
    if (await hasChildRegions(trx, code)) throw badRequest('error.tree.hasChildren');
    await deleteRegion(trx, code);
  });
}
