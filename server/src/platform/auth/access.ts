import { type Caller, isPlatformAdministrator } from '../tenancy/context.ts';

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

/**
 * The rule that holds before role grants exist: the platform administrator holds every permission
 * (as in BladeX), and a role holds only what is granted to it, which is nothing yet.
 * The sign-in issue replaces this with the resolver over role-menu grants.
 */
export const administratorOnly: PermissionResolver = {
  async hasAny(caller) {
    return isPlatformAdministrator(caller);
  },
};
