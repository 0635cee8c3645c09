import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserOf, prettyText } from '../src/components/log/pretty.ts';
import ErrorLogPage from '../src/pages/monitor/log/error/index.tsx';
import LoginLogPage from '../src/pages/monitor/log/login/index.tsx';
import OnlinePage from '../src/pages/monitor/online/index.tsx';
import { fakeApi, renderWith } from './fake-api.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const user = userEvent.setup({ pointerEventsCheck: 0 });
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36';

describe('prettyText and browserOf', () => {
  it('indent JSON, keep other text as written, and name the browser', () => {
    expect(prettyText('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyText('{"cut": "abc…')).toBe('{"cut": "abc…');
    expect(prettyText('Error: x\n    at f')).toBe('Error: x\n    at f');
    expect(prettyText(null)).toBe('');
    expect(browserOf(CHROME)).toBe('Chrome 131 · Windows');
    expect(browserOf('curl/8.5.0')).toBe('curl 8');
    expect(browserOf(undefined)).toBe('');
  });
});

describe('the error log screen', () => {
  it('lists on the server and opens the detail in a drawer with its stack as lines', async () => {
    const calls = fakeApi({
      '/api/blade-log/error/list': page([
        { id: '11', tenantId: '000000', requestUri: '/api/x', exceptionName: 'TypeError', message: 'broke' },
      ]),
      '/api/blade-log/error/detail': {
        id: '11',
        requestUri: '/api/x',
        message: 'broke',
        params: '{"size":"10"}',
        stackTrace: 'TypeError: broke\n    at f (/src/a.ts:1:2)',
      },
    });
    renderWith(<ErrorLogPage />, ['log_error_view']);
    const row = (await screen.findByText('TypeError')).closest('tr') as HTMLElement;
    const list = calls.find((c) => c.path === '/api/blade-log/error/list')!;
    expect(list.query).toMatchObject({ current: '1', size: '10' });
    await user.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer.querySelector('[data-field="stackTrace"]')?.textContent).toContain('at f'));
    expect(drawer.querySelector('[data-field="stackTrace"]')?.textContent).toBe(
      'TypeError: broke\n    at f (/src/a.ts:1:2)',
    );
    expect(drawer.querySelector('[data-field="params"]')?.textContent).toBe('{\n  "size": "10"\n}');
    expect(calls.some((c) => c.path === '/api/blade-log/error/detail' && c.query.id === '11')).toBe(true);
  });

  it('offers no view without the view code, and no add, edit or delete at all', async () => {
    fakeApi({ '/api/blade-log/error/list': page([{ id: '12', exceptionName: 'RangeError' }]) });
    renderWith(<ErrorLogPage />, []);
    await screen.findByText('RangeError');
    expect(screen.queryByRole('button', { name: /查\s*看/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增|删\s*除|编\s*辑/ })).toBeNull();
  });
});

describe('the login log screen', () => {
  it('shows each result in words and searches by result and account', async () => {
    const calls = fakeApi({
      '/api/blade-log/login/list': page([
        { id: '1', account: 'alice', result: 'locked', userAgent: CHROME },
        { id: '2', account: 'bob', result: 'success' },
      ]),
    });
    renderWith(<LoginLogPage />, []);
    expect(await screen.findByText('账号已锁定')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(screen.getByText('Chrome 131 · Windows')).toBeTruthy();
    await user.type(screen.getByLabelText('账号'), 'ali');
    // an address is matched whole (its index finds it among a million rows), an account by a part
    await user.type(screen.getByLabelText('客户端IP'), '10.0.0.7');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/blade-log/login/list').at(-1)?.query).toMatchObject({
        account: 'ali',
        remoteIp_equal: '10.0.0.7',
      }),
    );
  });
});

describe('the online sessions screen', () => {
  it('ends the selected sessions after a confirmation (强退)', async () => {
    const calls = fakeApi({
      '/api/blade-log/online/list': page([
        { id: 'a1b2c3d4-0000-4000-8000-000000000001', account: 'alice', userAgent: CHROME },
        { id: 'a1b2c3d4-0000-4000-8000-000000000002', account: 'bob' },
      ]),
      '/api/blade-log/online/logout': null,
    });
    renderWith(<OnlinePage />, ['online_logout']);
    const row = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    const toolbar = screen.getAllByRole('button', { name: /强\s*退/ })[0]!;
    await user.click(toolbar);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/blade-log/online/logout')).toBe(true));
    const logout = calls.find((c) => c.path === '/api/blade-log/online/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.query.ids).toBe('a1b2c3d4-0000-4000-8000-000000000001');
  });

  it('shows no 强退 without its code', async () => {
    fakeApi({ '/api/blade-log/online/list': page([{ id: 'x', account: 'carol' }]) });
    renderWith(<OnlinePage />, ['online_view']);
    await screen.findByText('carol');
    expect(screen.queryByRole('button', { name: /强\s*退/ })).toBeNull();
  });
});
