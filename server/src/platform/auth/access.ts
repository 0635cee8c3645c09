import type { Caller } from '../tenancy/context.ts';

/**
 * Who may call a route, declared where the route is registered. `permission` lists button or menu
 * codes, any one of which is enough. A route under /api without a declaration stops the server.
 */
export type Access = 'public' | 'signedIn' | { permission: string | readonly string[] };

export function permissionCodes(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

/** Answers which permission codes a caller holds. */
export interface PermissionResolver {
  hasAny(caller: Caller, codes: readonly string[]): Promise<boolean>;
}
