import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { setLanguage } from '../src/app/i18n.ts';
import { lockScreen } from '../src/app/lock.ts';
import { queryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // as Root provides it: the home page reads the latest notices for everyone
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  setLanguage('zh');
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
});

describe('the login page', () => {
  it('shows the tenant, account and password fields, tenant 000000 by default', async () => {
    renderAt('/login');
    expect(await screen.findByLabelText('租户ID')).toHaveProperty('value', '000000');
    expect(screen.getByLabelText('账号')).toHaveProperty('value', '');
    expect(screen.getByLabelText('密码')).toHaveProperty('value', '');
    // the title is set by an effect, which React may run after the fields are in the document
    await waitFor(() => expect(document.title).toBe('登录 - 云仓储管理平台'));
  });

  it('names every empty field when submitted', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await user.clear(await screen.findByLabelText('租户ID'));
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('请输入租户ID')).toBeTruthy();
    expect(screen.getByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
  });

  it('refuses a password shorter than 6 characters, in English too', async () => {
    setLanguage('en');
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText('Account'), 'admin');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The password must be at least 6 characters')).toBeTruthy();
  });

  it('sends the md5 of the password and signs in with the answer', async () => {
    // the token endpoint signs in; the pages' reads after it (menus, the home page's notices) find nothing
    const fetch = vi.fn(
      async (url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify(
            url.includes('/oauth/token')
              ? { access_token: 't0k', refresh_token: 'r', tenant_id: '000000', account: 'admin', nick_name: 'Admin' }
              : { code: 200, success: true, data: [], msg: '' },
          ),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    configureHttp({ token: () => useSession.getState().token });
    const user = userEvent.setup();
    const router = renderAt('/login');
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    // the navigation ends once the layout's and the home page's modules have loaded: their first load in
    // a test run takes seconds on a busy machine
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'), { timeout: 15_000 });
    // the page also reads the tenant's third-party sign-in buttons
    const sent = fetch.mock.calls.map(([called]) => called).find((called) => called.includes('/oauth/token'));
    const url = new URL(sent as string, 'http://x');
    expect(url.pathname).toBe('/api/blade-auth/oauth/token');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '0192023a7bbd73250516f069df18b500',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    expect(useSession.getState().token).toBe('t0k');
    expect(await screen.findByText((_, e) => e?.textContent === '欢迎，Admin')).toBeTruthy();
  });

  it('sets no session when the answer carries error_description', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error_description: '用户名或密码错误' }), { status: 400 })),
    );
    const shown: string[] = [];
    configureHttp({ showError: (m) => shown.push(m) });
    const user = userEvent.setup();
    const router = renderAt('/login');
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await waitFor(() => expect(shown).toEqual(['用户名或密码错误']));
    expect(useSession.getState().token).toBe('');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the captcha once the server wants it from this address, then sends the captcha grant', async () => {
    const tokenCalls: URL[] = [];
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/blade-auth/oauth/captcha'))
        return new Response(JSON.stringify({ key: 'k1', image: 'data:image/svg+xml;base64,PHN2Zz4=' }));
      // the tenant's third-party sign-in buttons: none
      if (url.startsWith('/api/blade-auth/oauth/providers'))
        return new Response(JSON.stringify({ code: 200, data: [] }));
      tokenCalls.push(new URL(url, 'http://x'));
      return new Response(JSON.stringify({ error_description: '登录失败次数过多,请输入验证码后再试' }), {
        status: 400,
        headers: { 'error-key': 'auth.captcha.required' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    configureHttp({ showError: () => {} });
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText('账号'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'wrong-pass');
    expect(screen.queryByLabelText('验证码')).toBeNull();
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await user.type(await screen.findByLabelText('验证码'), 'ab3cd');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await waitFor(() => expect(tokenCalls).toHaveLength(2));
    expect(tokenCalls[0]?.searchParams.get('grant_type')).toBe('password');
    expect(tokenCalls[1]?.searchParams.get('grant_type')).toBe('captcha');
  });
});

describe('the route guard', () => {
  it('sends / and /wel to /login without a session', async () => {
    for (const path of ['/', '/wel', '/wel/index']) {
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    }
  });

  it('sends unknown paths to /404, which shows the 404 page', async () => {
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeTruthy();
  });

  it('keeps a locked user on /lock, whatever the route, error pages included', async () => {
    useSession.getState().signIn({ access_token: 'x', account: 'admin' });
    lockScreen('secret');
    for (const path of ['/404', '/500', '/login', '/info/index']) {
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    }
  });

  it('sends a signed-in user from /login to the home page', async () => {
    useSession.getState().signIn({ access_token: 'x', account: 'admin' });
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
  });
});
