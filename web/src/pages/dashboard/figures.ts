import { type Envelope, http } from '../../api/http.ts';
import { isEmptyAnswer } from '../../api/wire.ts';
import type { Figures as WarehouseFigures } from '../wel/KeyFigures.tsx';

/** `GET /api/blade-desk/dashboard/figures`: a part the caller may not read is null. */
export interface DashboardFigures {
  /** The last seven days, oldest first (yyyy-MM-dd). */
  days: string[];
  users: { total: number; signedInWeek: number } | null;
  apiCalls: number[] | null;
  errors: number[] | null;
  warehouse: WarehouseFigures | null;
}

const given = <T>(part: T | null): T | null => (isEmptyAnswer(part) ? null : part);

/** The figures, a part the caller may not read as null (the server answers it empty, `{}` or `[]`). */
export const readFigures = () =>
  http<Envelope<DashboardFigures>>({ url: '/blade-desk/dashboard/figures' }).then(({ data }) => ({
    ...data,
    users: given(data.users),
    apiCalls: given(data.apiCalls),
    errors: given(data.errors),
    warehouse: given(data.warehouse),
  }));

/** Whether the caller may read any figure at all. */
export const anyFigure = (f: DashboardFigures) =>
  f.users !== null || f.apiCalls !== null || f.errors !== null || f.warehouse !== null;
