import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';

// Captcha mode is a build setting, off in the product: this file turns it on.
vi.mock('../src/config.ts', async (importOriginal) => {
  const { website } = await importOriginal<typeof import('../src/config.ts')>();
  return { website: { ...website, captchaMode: true } };
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let captchas = 0;
let tokenAnswers: Response[] = [];
const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
  if (url.startsWith('/api/blade-auth/oauth/captcha')) {
    captchas += 1;
    return json({ key: `key-${captchas}`, image: `data:image/svg+xml;base64,${btoa(`<svg>${captchas}</svg>`)}` });
  }
  if (url.startsWith('/api/blade-auth/oauth/token')) return tokenAnswers.shift() ?? json({}, 500);
  return json({ code: 200, success: true, data: [] });
});
const tokenCalls = () =>
  fetch.mock.calls
    .filter(([url]) => url.startsWith('/api/blade-auth/oauth/token'))
    .map(([url, init]) => ({
      params: Object.fromEntries(new URL(url, 'http://x').searchParams),
      headers: init?.headers as Record<string, string>,
    }));
const image = () => screen.getByRole('img', { name: '验证码' }).getAttribute('src');
// The first render of the page can take more than waitFor's default second on a busy machine.
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

beforeEach(() => {
  captchas = 0;
  tokenAnswers = [];
  fetch.mockClear();
  vi.stubGlobal('fetch', fetch);
  configureHttp({ token: () => useSession.getState().token, showError: () => {} });
});
afterEach(() => {
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
});

async function fillForm(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(await screen.findByLabelText('账号'), 'admin');
  await user.type(screen.getByLabelText('密码'), 'admin123');
  await user.type(screen.getByLabelText('验证码'), code);
  await user.click(screen.getByRole('button', { name: '登 录' }));
}

describe('the login page in captcha mode', () => {
  it('shows the server’s captcha, asks for its code, and loads another when the image is clicked', async () => {
    const user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/login'] })} />);
    await eventually(() => expect(image()).toContain(btoa('<svg>1</svg>')));
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '看不清？换一张' }));
    await eventually(() => expect(image()).toContain(btoa('<svg>2</svg>')));
  });

  it('signs in with the captcha grant, the key and code in headers', async () => {
    tokenAnswers = [json({ access_token: 't0k', refresh_token: 'r', tenant_id: '000000', account: 'admin' })];
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    render(<RouterProvider router={router} />);
    await eventually(() => expect(image()).toBeTruthy());
    await fillForm(user, 'ab3cd');
    // the layout's route loads antd, its locale and the screens' messages first: slow on a loaded machine
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'), { timeout: 15_000 });
    const [call] = tokenCalls();
    expect(call?.params).toMatchObject({ grant_type: 'captcha', username: 'admin', tenantId: '000000' });
    expect(call?.headers).toMatchObject({ 'Captcha-Key': 'key-1', 'Captcha-Code': 'ab3cd', 'Tenant-Id': '000000' });
    expect(useSession.getState().token).toBe('t0k');
  });

  it('after a refused sign-in, shows a new captcha with an empty code, and sends the new key next', async () => {
    tokenAnswers = [
      json({ error: 'invalid_grant', error_description: '验证码不正确' }, 400),
      json({ access_token: 't0k', refresh_token: 'r', tenant_id: '000000', account: 'admin' }),
    ];
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    render(<RouterProvider router={router} />);
    await eventually(() => expect(image()).toBeTruthy());
    await fillForm(user, 'wrong');
    await eventually(() => expect(image()).toContain(btoa('<svg>2</svg>')));
    expect(screen.getByLabelText('验证码')).toHaveProperty('value', '');
    expect(useSession.getState().token).toBe('');
    await user.type(screen.getByLabelText('验证码'), 'right');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
    expect(tokenCalls().map((c) => c.headers['Captcha-Key'])).toEqual(['key-1', 'key-2']);
  });
});
