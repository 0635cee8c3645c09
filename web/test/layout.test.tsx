import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import type { MenuNode } from '../src/api/menu.ts';
import { useMenu } from '../src/app/menu-store.ts';
import { queryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';
import { useTabs } from '../src/app/tabs.ts';

const node = (code: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: `Menu ${code}`,
  path,
  source: null,
  sort: 1,
  category: 1,
  isOpen: 1,
  ...extra,
});
const MENU = [
  node('stock', '/stock'),
  node('books', '/books', { meta: { roles: ['accountant'] } }),
  node('quiet', '/quiet', { meta: { isTab: false } }),
];
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data }));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      // The top menu 't1' holds the stock entry only.
      if (pathname === '/api/blade-system/menu/routes') return ok(searchParams.get('topMenuId') ? [MENU[0]] : MENU);
      if (pathname === '/api/blade-system/menu/top-menu') return ok([{ id: 't1', name: 'Stock only' }]);
      return ok([]);
    }),
  );
  configureHttp({ token: () => useSession.getState().token });
  useSession.getState().signIn({ access_token: 'a', tenant_id: '000000', account: 'keeper1', role_name: 'keeper' });
});
afterEach(() => {
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // as Root provides it: the home page reads the latest notices for everyone
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}
const tabValues = () => useTabs.getState().tabs.map((t) => t.value);
// The first render of the layout can take more than waitFor's default second on a busy machine.
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

describe('the sidebar and the menu search', () => {
  it('leave out the entries whose meta roles do not include the user’s role', async () => {
    const user = userEvent.setup();
    const router = renderAt('/wel/index');
    await eventually(() => expect(screen.getByRole('menuitem', { name: /Menu stock/ })).toBeTruthy());
    expect(screen.getByRole('menuitem', { name: /Menu quiet/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Menu books/ })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: '搜索菜单' }), 'menu');
    expect(await screen.findByRole('option', { name: 'Menu stock' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Menu books' })).toBeNull();
    // a combobox: the first match is highlighted, Escape closes the list, arrows open it, Enter opens the match
    const box = screen.getByRole('combobox', { name: '搜索菜单' });
    expect(screen.getByRole('option', { name: 'Menu stock' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await eventually(() => expect(router.state.location.pathname).toBe('/stock/index'));
  });

  it('offer no dept/role switch when switch mode is off', async () => {
    const user = userEvent.setup();
    renderAt('/wel/index');
    await user.hover(await screen.findByRole('button', { name: /keeper1/ }, { timeout: 5000 }));
    expect(await screen.findByRole('menuitem', { name: '个人信息' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '切换部门/角色' })).toBeNull();
  });
});

describe('tabs of routes', () => {
  it('open for menu pages, and not for an entry whose meta disables tabs', async () => {
    const router = renderAt('/stock/index');
    await eventually(() => expect(tabValues()).toEqual(['/wel/index', '/stock/index']));
    await router.navigate('/quiet/index');
    expect(await screen.findByText('页面暂未开放')).toBeTruthy();
    await router.navigate('/wel/index');
    expect(tabValues()).toEqual(['/wel/index', '/stock/index']);
  });

  it('name an entry the catalogue does not know (one an administrator added) by its name, in the tab and the title', async () => {
    renderAt('/stock/index');
    expect(await screen.findByText('页面暂未开放')).toBeTruthy();
    await eventually(() => expect(useTabs.getState().tabs.at(-1)).toMatchObject({ label: 'Menu stock' }));
    expect(screen.getByRole('tab', { name: 'Menu stock' })).toBeTruthy();
    await eventually(() => expect(document.title).toBe('Menu stock - 云仓储管理平台'));
  });

  it('name an external page by its name query', async () => {
    renderAt('/myiframe/urlPath?src=https%3A%2F%2Fdocs.example.com&name=Docs');
    await eventually(() =>
      expect(useTabs.getState().tabs.at(-1)).toMatchObject({
        label: 'Docs',
        value: '/myiframe/urlPath?src=https%3A%2F%2Fdocs.example.com&name=Docs',
      }),
    );
  });

  it('open the route in a new window, without a tab, for a target query', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAt('/stock/index?target=_blank&x=1');
    await eventually(() => expect(open).toHaveBeenCalledWith('/stock/index?x=1', '_blank', 'noopener'));
    expect(tabValues()).toEqual(['/wel/index']);
  });
});

describe('the top menu', () => {
  it('narrows the sidebar, and the pages of the others stay open to the user', async () => {
    const user = userEvent.setup();
    const router = renderAt('/quiet/index');
    await user.click(await screen.findByRole('menuitem', { name: 'Stock only' }, { timeout: 5000 }));
    await eventually(() => expect(screen.queryByRole('menuitem', { name: /Menu quiet/ })).toBeNull());
    expect(useMenu.getState().menuAll).toHaveLength(3);
    expect(screen.getByText('页面暂未开放')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/quiet/index');
  });
});
