import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { topMenuMessages as m } from './messages.ts';
import { liveMenuIds, replaceSettings, settingMenuIds, unknownTopMenus } from './repository.ts';
import type { TopMenuGrantInput } from './schema.ts';

async function requireOwnTopMenus(trx: AnyTrx, tenantId: string, topMenuIds: string[]): Promise<void> {
  const unknown = await unknownTopMenus(trx, tenantId, topMenuIds);
  if (unknown.length) throw notFound('error.notFound.records', { ids: unknown.join(',') });
}

/** The menu ids set under the tenant's top menus; another tenant's (or an unknown) top menu is 404. */
export async function topMenuKeys(trx: AnyTrx, tenantId: string, topMenuIds: string[]): Promise<string[]> {
  await requireOwnTopMenus(trx, tenantId, topMenuIds);
  return settingMenuIds(trx, topMenuIds);
}

/**
 * Sets the menus shown under each of the tenant's top menus, replacing what they had. Settings only
 * narrow a user's own routes, so any live menu may be chosen.
 */
export async function grantTopMenus(trx: AnyTrx, tenantId: string, input: TopMenuGrantInput): Promise<void> {
  const topMenuIds = [...new Set(input.topMenuIds)];
  const menuIds = [...new Set(input.menuIds)];
  await requireOwnTopMenus(trx, tenantId, topMenuIds);
  const live = new Set(await liveMenuIds(trx, menuIds));
  const missing = menuIds.filter((id) => !live.has(id));
  if (missing.length) throw badRequest(m['topmenu.grant.unknownMenus'], { ids: missing.join(',') });
  await replaceSettings(trx, topMenuIds, menuIds);
}
