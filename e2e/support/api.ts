import { createHash } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN_PASSWORD } from './session.ts';

const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The token endpoint's answer to a password sign-in, as the web client asks for one. */
export function signInAnswer(request: APIRequestContext, account: string, password: string, tenantId = '000000') {
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password: createHash('md5').update(password).digest('hex'),
    grant_type: 'password',
    scope: 'all',
  });
  return request.post(`/api/blade-auth/oauth/token?${query}`, { headers: { authorization: CLIENT } });
}

/** A token of an account (of tenant 000000 unless named). */
export async function tokenOf(
  request: APIRequestContext,
  account = 'admin',
  password = ADMIN_PASSWORD,
  tenantId = '000000',
) {
  const res = await signInAnswer(request, account, password, tenantId);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls of one signed-in account: each answers the envelope's data and expects success. */
export function apiAs(request: APIRequestContext, token: string) {
  const headers = { authorization: CLIENT, 'blade-auth': `bearer ${token}` };
  const data = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  return {
    headers,
    get: async <T>(url: string) => (await data(await request.get(url, { headers }))) as T,
    post: async <T>(url: string, body?: unknown) => (await data(await request.post(url, { headers, data: body }))) as T,
  };
}

export interface TreeNode {
  id: string;
  title: string;
  children?: TreeNode[];
}

/** The node at a path of titles (`['系统管理', '用户管理', '查看']`) and every node above it, top first. */
export function pathOf(nodes: TreeNode[], titles: string[]): TreeNode[] {
  const [first, ...rest] = titles;
  const node = nodes.find((n) => n.title === first);
  if (!node) throw new Error(`No node ${first}`);
  return rest.length ? [node, ...pathOf(node.children ?? [], rest)] : [node];
}
