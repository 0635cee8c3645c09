import { type Envelope, http } from './http.ts';

export interface DeptOption {
  id: string;
  deptName: string;
}

/** The depts the signed-in user belongs to, whatever their session is narrowed to (`GET /api/blade-system/dept/select`). */
export const fetchOwnDepts = () =>
  http<Envelope<DeptOption[]>>({ url: '/blade-system/dept/select' }).then((r) => r.data ?? []);
