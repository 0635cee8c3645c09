import { type Envelope, http } from './http.ts';

export interface RoleOption {
  id: string;
  roleName: string;
  roleAlias: string;
}

/** The roles the signed-in user holds, whatever their session is narrowed to (`GET /api/blade-system/role/select`). */
export const fetchOwnRoles = () =>
  http<Envelope<RoleOption[]>>({ url: '/blade-system/role/select' }).then((r) => r.data ?? []);
