import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { useSession } from '../src/app/session.ts';
import { DictChildren } from '../src/components/dict/DictChildren.tsx';
import { SYSTEM_DICT } from '../src/components/dict/dict-resources.ts';
import { fakeApi, renderWith } from './fake-api.tsx';

const sex = { id: '5', parentId: '0', code: 'sex', dictKey: '-1', dictValue: '性别', sort: 1, isSealed: 0 };
const male = { id: '6', parentId: '5', code: 'sex', dictKey: '1', dictValue: '男', sort: 1, isSealed: 0 };
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

afterEach(() => {
  useSession.getState().signOutLocally();
  vi.unstubAllGlobals();
});

describe('the dictionary items list', () => {
  it('before a dictionary is chosen, lists nothing and says to choose one when adding', async () => {
    const calls = fakeApi({});
    renderWith(<DictChildren source={SYSTEM_DICT} parent={null} />, ['dict_add']);
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('请先选择字典')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("lists the chosen dictionary's items and adds one under it, with the spec's messages", async () => {
    const calls = fakeApi({
      '/api/blade-system/dict/child-list': page([male]),
      '/api/blade-system/dict/tree': [{ ...sex, title: '性别', value: '5', children: [{ ...male, title: '男' }] }],
      '/api/blade-system/dict/submit': male,
    });
    renderWith(<DictChildren source={SYSTEM_DICT} parent={sex} />, ['dict_add']);
    expect(await screen.findByText('男')).toBeTruthy();
    expect(calls[0]?.query).toMatchObject({ parentId: '5' });

    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    for (const text of ['请输入字典名称', '请输入字典键值', '请输入字典排序']) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    await userEvent.type(within(dialog).getByLabelText('字典名称'), '女');
    await userEvent.type(within(dialog).getByLabelText('字典键值'), '2');
    await userEvent.type(within(dialog).getByLabelText('字典排序'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      parentId: '5',
      dictValue: '女',
      dictKey: '2',
      sort: 2,
      isSealed: 0,
    });
  });
});

describe('the dictionary layouts', () => {
  for (const path of ['/dict-horizontal/index', '/dict-vertical/index']) {
    it(`${path} is a page: signed out it asks for a sign-in, signed in it shows the dictionaries`, async () => {
      // The layouts open to whoever holds the dictionary menu.
      fakeApi({
        '/api/blade-system/dict/parent-list': page([sex]),
        '/api/blade-system/menu/routes': [
          {
            id: 's',
            parentId: '0',
            code: 'system',
            name: '系统管理',
            path: '/system',
            category: 1,
            sort: 1,
            children: [
              { id: 'd', parentId: 's', code: 'dict', name: '系统字典', path: '/system/dict', category: 1, sort: 1 },
            ],
          },
        ],
      });
      const out = createMemoryRouter(routes, { initialEntries: [path] });
      renderWith(<RouterProvider router={out} />);
      await waitFor(() => expect(out.state.location.pathname).toBe('/login'));

      useSession.getState().signIn({ access_token: 'x', account: 'admin' });
      const signedIn = createMemoryRouter(routes, { initialEntries: [path] });
      renderWith(<RouterProvider router={signedIn} />);
      expect(await screen.findByText('性别')).toBeTruthy();
      expect(signedIn.state.location.pathname).toBe(path);
    });
  }
});
