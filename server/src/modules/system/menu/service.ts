import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import { type Caller, isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { menuMessages as m } from './messages.ts';
import {
  clash,
  findMenu,
  hasLiveChildren,
  insertMenu,
  isWithin,
  liveMenuIds,
  softDeleteMenus,
  updateMenu,
} from './repository.ts';
import { type MenuInput, menuInput, menuUpdate } from './schema.ts';
import type { MenuRow } from './vo.ts';

type Saved = MenuRow & { parentName: string | null };

/** The unique index on code answers 409 too when two writers race past the check. */
async function guarded<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code: sqlState, constraint } = error as { code?: string; constraint?: string };
    if (sqlState === '23505' && constraint === 'blade_menu_code') throw conflict(m['menu.code.exists'], { code });
    throw error;
  }
}

/** The rules of the tree: a parent is a live menu (never a button, never the node or below it); a button has one. */
async function checkPlacement(trx: AnyTrx, values: { parentId: string; category: number }, id?: string) {
  if (values.parentId === '0') {
    if (values.category === 2) throw badRequest(m['menu.button.needsParent']);
    return;
  }
  const parent = await findMenu(trx, values.parentId);
  if (!parent) throw badRequest('error.tree.parentMissing');
  if (parent.category !== 1) throw badRequest(m['menu.parent.notMenu']);
  if (id && (await isWithin(trx, values.parentId, id))) throw badRequest('error.tree.cycle');
}

async function checkUnique(trx: AnyTrx, values: Pick<MenuRow, 'code' | 'name' | 'parentId' | 'category'>, id?: string) {
  const found = await clash(trx, values, id);
  if (found === 'code') throw conflict(m['menu.code.exists'], { code: values.code });
  if (found === 'name') throw conflict(m['menu.name.exists'], { name: values.name });
}

/** Inserts (no id) or updates (only the fields sent) a menu or button, and answers it. */
export async function submitMenu(
  trx: AnyTrx,
  body: Record<string, unknown> & { id?: string },
  caller: Caller,
): Promise<Saved> {
  const { id } = body;
  if (!id) {
    const values: MenuInput = menuInput.strip().parse(body);
    await checkPlacement(trx, values);
    await checkUnique(trx, values);
    const newId = await guarded(values.code, () => insertMenu(trx, values));
    return (await findMenu(trx, newId))!;
  }
  const existing = await findMenu(trx, id);
  if (!existing) throw notFound();
  const changes = menuUpdate.strip().parse(body);
  const merged = { ...existing, ...stripUndefined(changes) };
  // Codes are permission codes: renaming one moves a permission, which only the platform administrator may do.
  const recoded = merged.code !== existing.code || merged.category !== existing.category;
  if (recoded && !isPlatformAdministrator(caller)) throw forbidden(m['menu.code.administratorOnly']);
  if (merged.category === 2 && existing.category !== 2 && (await hasLiveChildren(trx, [id]))) {
    throw badRequest(m['menu.category.hasChildren']);
  }
  await checkPlacement(trx, merged, id);
  await checkUnique(trx, merged, id);
  await guarded(merged.code, () => updateMenu(trx, id, changes));
  return (await findMenu(trx, id))!;
}

/** Soft-deletes all of the menus or none: unknown ids and nodes with children refuse the call. */
export async function removeMenus(trx: AnyTrx, ids: string[]): Promise<void> {
  const live = new Set(await liveMenuIds(trx, ids));
  const missing = ids.filter((id) => !live.has(id));
  if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  if (await hasLiveChildren(trx, ids)) throw badRequest('error.tree.hasChildren');
  await softDeleteMenus(trx, ids);
}

function stripUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
