import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';

const OLD = 'https://files.example/face/old.png';
const NEW = 'https://files.example/face/new.png';
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data, msg: 'ok' }));
const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = new URL(url, 'http://x').pathname;
  if (path === '/api/blade-user/info')
    return ok({ id: '1', account: 'admin', name: '管理员', phone: '13800138000', email: '', avatar: OLD });
  if (path === '/api/blade-resource/oss/endpoint/put-file')
    return ok({
      link: NEW,
      domain: 'https://files.example',
      name: 'face/new.png',
      originalName: 'me.png',
      attachId: '9',
    });
  return ok(path.endsWith('/routes') || path.endsWith('/buttons') ? [] : null);
});
const callsTo = (path: string) => fetch.mock.calls.filter(([url]) => url.startsWith(path)).map(([, init]) => init);

beforeEach(() => {
  fetch.mockClear();
  vi.stubGlobal('fetch', fetch);
  configureHttp({ token: () => useSession.getState().token });
  useSession.getState().signIn({ access_token: 'a', tenant_id: '000000', account: 'admin', nick_name: '管理员' });
});
afterEach(() => {
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
});

describe('the personal info page', () => {
  it('shows the face photo, uploads a new one to the object storage, and saves its link as the avatar', async () => {
    const user = userEvent.setup();
    render(
      <App>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/info/index'] })} />
      </App>,
    );
    const photo = () => screen.getByRole('img', { name: '人脸照片' }).getAttribute('src');
    // the layout, its child route and the page load one after another (issue 17): slow on a loaded machine
    await waitFor(() => expect(photo()).toBe(OLD), { timeout: 15_000 });

    const file = new File(['png bytes'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('人脸照片'), file);
    await waitFor(() => expect(photo()).toBe(NEW));
    const [upload] = callsTo('/api/blade-resource/oss/endpoint/put-file');
    expect(upload!.method).toBe('POST');
    expect((upload!.body as FormData).get('file')).toBe(file);
    // The browser writes the multipart content type, with its boundary.
    expect((upload!.headers as Record<string, string>)['content-type']).toBeUndefined();

    await user.click(screen.getAllByRole('button', { name: /提\s?交/ })[0]!);
    await waitFor(() => expect(callsTo('/api/blade-user/update-info')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/blade-user/update-info')[0]?.body))).toEqual({
      name: '管理员',
      phone: '13800138000',
      email: '',
      avatar: NEW,
    });
    expect(useSession.getState().userInfo.avatar).toBe(NEW);
  });
});
