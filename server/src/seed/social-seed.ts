import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { addMenus } from './access-seed.ts';

/** The providers' screen of issue 23 and its buttons: the platform tenant's only. */
const ADDED = ['social', 'social_add', 'social_edit', 'social_delete', 'social_view'] as const;

/**
 * Seed step `social-sign-in` (issue 23): 系统管理 › 第三方登录 in installations seeded before it, granted
 * to the platform tenant's roles that hold 系统管理 (providers are kept by the platform only). Idempotent.
 */
export async function seedSocialSignIn(trx: AnyTrx): Promise<void> {
  await addMenus(trx, ADDED, { platformOnly: ADDED });
}
