// Real calls of a client typed by the API document alone. openapi-document.test.ts generates `./api.ts`
// from /api/docs/json (openapi-typescript) beside a copy of this file and typechecks both; the folder is
// outside the project's own typecheck, since the generated file exists only there.
import type { paths } from './api.ts';

type Get<P extends keyof paths> = paths[P] extends { get: infer Op } ? Op : never;
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? Q : never;
type Answer<Op> = Op extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;

/** A GET as a client makes it: the path and query the document names, its answer as the document says. */
export async function get<P extends keyof paths>(
  base: string,
  path: P,
  query: Query<Get<P>>,
  token: string,
): Promise<Answer<Get<P>>> {
  const search = new URLSearchParams(Object.entries(query ?? {}).map(([key, value]) => [key, String(value)]));
  const res = await fetch(`${base}${String(path)}?${search}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  return (await res.json()) as Answer<Get<P>>;
}

export async function calls(base: string, token: string) {
  const posts = await get(base, '/api/blade-system/post/page', { current: 1, size: 10 }, token);
  const total: number = posts.data.total;
  const postName: string | null | undefined = posts.data.records[0]?.postName;
  // @ts-expect-error a page has no such field
  void posts.data.rows;

  const user = await get(base, '/api/blade-user/detail', { id: '1123598821738675201' }, token);
  const account: string | null | undefined = user.data.account;
  const created: string | null | undefined = user.data.createTime;

  const types = await get(base, '/api/warehouse/materialstype/lazy-tree', { parentId: '0' }, token);
  const hasChildren: boolean | undefined = types.data[0]?.hasChildren;

  // @ts-expect-error the document names no such path
  await get(base, '/api/blade-system/no-such/page', {}, token);
  return { total, postName, account, created, hasChildren };
}
