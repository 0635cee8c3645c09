import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { queryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';
import { useTabs } from '../src/app/tabs.ts';
import { refreshSession } from '../src/app/token-refresh.ts';

// Switch mode is a build setting, off in the product: this file turns it on.
vi.mock('../src/config.ts', async (importOriginal) => {
  const { website } = await importOriginal<typeof import('../src/config.ts')>();
  return { website: { ...website, switchMode: true } };
});

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data }));
const menuNode = (code: string) => ({ id: code, parentId: '0', code, name: code, path: `/${code}`, category: 1 });
let issued = 0;
const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = new URL(url, 'http://x').pathname;
  if (path === '/api/blade-system/dept/select')
    return ok([
      { id: 'd1', deptName: '总部' },
      { id: 'd2', deptName: '仓库' },
    ]);
  if (path === '/api/blade-system/role/select')
    return ok([
      { id: 'r1', roleName: '超级管理员', roleAlias: 'administrator' },
      { id: 'r2', roleName: '库管员', roleAlias: 'keeper' },
    ]);
  if (path === '/api/blade-auth/oauth/token') {
    issued += 1;
    return new Response(
      JSON.stringify({ access_token: `a${issued}`, refresh_token: `r${issued}`, account: 'admin', role_id: 'r2' }),
    );
  }
  // The menus of the keeper differ from the administrator's.
  if (path === '/api/blade-system/menu/routes') return ok([menuNode(issued ? 'area_b' : 'area_a')]);
  return ok([]);
});
const tokenCalls = () =>
  fetch.mock.calls
    .filter(([url]) => url.startsWith('/api/blade-auth/oauth/token'))
    .map(([url, init]) => ({
      params: Object.fromEntries(new URL(url, 'http://x').searchParams),
      headers: init?.headers as Record<string, string>,
    }));

beforeEach(() => {
  issued = 0;
  fetch.mockClear();
  vi.stubGlobal('fetch', fetch);
  configureHttp({ token: () => useSession.getState().token });
  useSession.getState().signIn({
    access_token: 'a0',
    refresh_token: 'r0',
    tenant_id: '000000',
    account: 'admin',
    dept_id: 'd1,d2',
    role_id: 'r1',
  });
});
afterEach(() => {
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
});

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByLabelText(field));
  await user.click(await screen.findByTitle(option));
}

describe('switching dept and role (switch mode)', () => {
  it('lists the user’s depts and roles, narrows the session to the choice, and reads the menus again', async () => {
    const user = userEvent.setup();
    useTabs.getState().open({ label: 'menu.area_a', value: '/area_a/index' });
    const router = createMemoryRouter(routes, { initialEntries: ['/info/index'] });
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <RouterProvider router={router} />
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('menuitem', { name: /area_a/ })).toBeTruthy();
    await user.hover(screen.getByRole('button', { name: /admin/ }));
    await user.click(await screen.findByRole('menuitem', { name: '切换部门/角色' }));
    // In tests antd gives every element the id `test-id`, so dialogs are found by role alone.
    const dialog = await screen.findByRole('dialog');
    // The single current role is chosen already; the dept (the session holds two) must be chosen.
    await user.click(within(dialog).getByRole('button', { name: /切\s?换/ }));
    expect(await within(dialog).findByText('请选择部门')).toBeTruthy();
    await choose(user, '部门', '仓库');
    await choose(user, '角色', '库管员');
    await user.click(within(dialog).getByRole('button', { name: /切\s?换/ }));

    expect(await screen.findByText((_, e) => e?.textContent === '欢迎，admin')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(tokenCalls()).toEqual([
      {
        params: { grant_type: 'refresh_token', refresh_token: 'r0', scope: 'all' },
        headers: expect.objectContaining({ 'Tenant-Id': '000000', 'Dept-Id': 'd2', 'Role-Id': 'r2' }),
      },
    ]);
    expect(useSession.getState()).toMatchObject({ token: 'a1', choice: { deptId: 'd2', roleId: 'r2' } });
    expect(await screen.findByRole('menuitem', { name: /area_b/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /area_a/ })).toBeNull();
    // The tab of the page the new role lacks is closed.
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual(['/wel/index', '/info/index']);
  });
});

describe('the token refresh after a switch', () => {
  it('asks for the chosen dept and role again, and one refresh waits for the other', async () => {
    useSession.getState().replaceTokens({ access_token: 'a0', refresh_token: 'r0' }, { deptId: 'd2', roleId: 'r2' });
    await Promise.all([refreshSession(), refreshSession()]);
    expect(tokenCalls().map((c) => [c.params.refresh_token, c.headers['Dept-Id'], c.headers['Role-Id']])).toEqual([
      ['r0', 'd2', 'r2'],
      ['r1', 'd2', 'r2'],
    ]);
  });
});
