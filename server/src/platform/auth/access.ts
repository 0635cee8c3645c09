import type { DataScope } from '../crud/data-scope.ts';
import type { Caller } from '../tenancy/context.ts';

/**
 * Who may call a route, declared where the route is registered. `permission` lists button or menu
 * codes, any one of which is enough; `platform` keeps the route to callers of the platform tenant
 * (platform-wide data such as parameters, and tenant management). `kiosk`: a kiosk with its
 * device's key (the `Kiosk-Key` header) and no user; on a permission route, `kiosk: true` lets a
 * kiosk call it too (when it sends its key). A route under /api without a declaration stops the server.
 */
export type Access =
  | 'public'
  | 'signedIn'
  | 'kiosk'
  | { permission: string | readonly string[]; platform?: boolean; kiosk?: boolean };

export function permissionCodes(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

/** What the caller's roles are granted: permission codes, API scopes and data scopes. */
export interface PermissionResolver {
  hasAny(caller: Caller, codes: readonly string[]): Promise<boolean>;
  /** False when the caller's roles hold API scopes and none of them covers this path. */
  allowsPath(caller: Caller, path: string): Promise<boolean>;
  /** The rows of a resource (by its data-scope code) that the caller may see in lists. */
  dataScope(caller: Caller, resourceCode: string): Promise<DataScope>;
}
