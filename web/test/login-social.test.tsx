import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

afterEach(() => {
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
});

describe('third-party sign-in on the login page', () => {
  it('shows a link per enabled provider of the tenant, to the server’s render', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/blade-auth/oauth/providers')
        ? json({ code: 200, data: [{ source: 'corp', name: '企业身份平台' }] })
        : json({ code: 200, data: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/login'] })} />);
    const link = await screen.findByRole('link', { name: '使用 企业身份平台 登录' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/api/blade-auth/oauth/render/corp?tenantId=000000');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/blade-auth/oauth/providers?tenantId=000000');
  });

  it('posts the provider’s code and state as Saber does, and opens the registration dialog for a new identity', async () => {
    const tokenCalls: URL[] = [];
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/blade-auth/oauth/token')) {
        tokenCalls.push(new URL(url, 'http://x'));
        return json(
          { error: 'invalid_grant', error_description: '该第三方账号尚未绑定本系统账号', oauth_id: 't'.repeat(32) },
          400,
          { 'error-key': 'auth.social.unregistered' },
        );
      }
      return json({ code: 200, data: [] });
    });
    vi.stubGlobal('fetch', fetch);
    configureHttp({ showError: () => {} });
    const router = createMemoryRouter(routes, {
      initialEntries: ['/oauth/redirect/corp?code=c0de&state=888888.abc&iss=http%3A%2F%2Fidp'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('第三方注册用户', {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenCalls).toHaveLength(1);
    expect(Object.fromEntries(tokenCalls[0]!.searchParams)).toEqual({
      tenantId: '888888',
      source: 'corp',
      code: 'c0de',
      state: '888888.abc',
      iss: 'http://idp',
      grant_type: 'social',
      scope: 'all',
    });
    // the new identity's tenant comes from the state, and is not the form's to change
    await waitFor(() =>
      expect(screen.getByLabelText('租户ID', { selector: '#register_tenantId' })).toHaveProperty('value', '888888'),
    );
    expect(useSession.getState().token).toBe('');
  });
});
