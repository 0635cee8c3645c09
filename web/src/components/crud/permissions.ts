import { useMenu } from '../../app/menu-store.ts';
import type { CrudPermissions } from './types.ts';

export interface Can {
  add: boolean;
  edit: boolean;
  delete: boolean;
  view: boolean;
  /** Whether the caller holds a button code; no code means anyone who sees the screen. */
  has(code: string | undefined): boolean;
}

const codesOf = (permissions: string | CrudPermissions): CrudPermissions =>
  typeof permissions === 'string'
    ? {
        add: `${permissions}_add`,
        edit: `${permissions}_edit`,
        delete: `${permissions}_delete`,
        view: `${permissions}_view`,
      }
    : permissions;

/**
 * What the caller's buttons allow on a screen. Hiding is a courtesy: the server checks the same
 * codes on every call.
 */
export function usePermissions(permissions: string | CrudPermissions): Can {
  const held = useMenu((s) => s.permissions);
  const codes = codesOf(permissions);
  const has = (code: string | undefined) => code === undefined || held[code] === true;
  const named = (code: string | undefined) => code !== undefined && held[code] === true;
  return { add: named(codes.add), edit: named(codes.edit), delete: named(codes.delete), view: named(codes.view), has };
}
