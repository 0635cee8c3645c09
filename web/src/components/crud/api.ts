import { type Envelope, http } from '../../api/http.ts';
import { i18n } from '../../app/i18n.ts';
import type { CrudCalls, CrudResource, Row } from './types.ts';

/** A page as every paged list answers it. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** More rows match than `total` (the server counts up to a bound): the total shows as "1,000+". */
  totalCapped?: true;
  /** A cross-tenant list: the tenant databases that did not answer (their tenants' rows are left out). */
  unavailable?: string[];
}

export interface ListQuery {
  current: number;
  size: number;
  ascs?: string;
  descs?: string;
  [filter: string]: unknown;
}

const data = <T>(answer: Envelope<T>) => answer.data;

/** Rows of a list answer, which is a page or (tree lists) an array. */
export const rowsOf = (answer: unknown): Row[] =>
  Array.isArray(answer) ? (answer as Row[]) : ((answer as Page<Row> | null)?.records ?? []);

/** The list endpoint's name under the resource. */
export const listPathOf = (resource: Pick<CrudResource, 'mode' | 'listPath'>) =>
  resource.listPath ?? { page: 'page', tree: 'list', lazy: 'lazy-list' }[resource.mode ?? 'page'];

/**
 * The BladeX CRUD calls of one resource (api-contract.md "Conventions shared by the CRUD endpoints"),
 * with the resource's own `calls` in place of any that differ.
 */
export function crudApi(
  resource: Pick<CrudResource, 'api' | 'mode' | 'listPath' | 'calls'> & Partial<Pick<CrudResource, 'fields'>>,
): CrudCalls {
  const url = (path: string) => `${resource.api}/${path}`;
  const labels = new Map(resource.fields?.map((f) => [f.name, f.label]));
  const fieldLabel = (field: string) => {
    const key = labels.get(field);
    return key ? i18n.t(key) : undefined;
  };
  const listPath = listPathOf(resource);
  const standard: CrudCalls = {
    list: (query: Record<string, unknown>) =>
      http<Envelope<Page<Row> | Row[]>>({ url: url(listPath), params: query }).then(data),
    detail: (id: string) => http<Envelope<Row>>({ url: url('detail'), params: { id } }).then(data),
    submit: (row: Row) =>
      http<Envelope<unknown>>({ url: url('submit'), method: 'POST', data: row, fieldLabel }).then(data),
    remove: (ids: readonly string[]) =>
      http<Envelope<unknown>>({ url: url('remove'), method: 'POST', params: { ids: ids.join(',') } }),
  };
  return { ...standard, ...resource.calls };
}

/** A call named by a path under the resource (grant, enable, ...): POST with query parameters. */
export const postAction = (url: string, params: Record<string, unknown>, body?: unknown) =>
  http<Envelope<unknown>>({ url, method: 'POST', params, data: body });

export const getData = <T>(url: string, params?: Record<string, unknown>) =>
  http<Envelope<T>>({ url, params }).then(data);
