import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crudApi } from '../src/components/crud/api.ts';
import { regionResource } from '../src/pages/base/region/index.tsx';
import MenuPage from '../src/pages/system/menu/index.tsx';
import { type Call, fakeApi, renderWith } from './fake-api.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the region calls', () => {
  it('read a level by parent code (the provinces without one) and remove sub-regions before their parents', async () => {
    const calls = fakeApi({});
    const api = crudApi(regionResource);
    await api.list({ parentId: 0 });
    await api.list({ parentId: '11' });
    await api.list({ name: '辖' });
    await api.detail('1101');
    await api.remove(['11', '110101', '1101']);
    const shown = (c: Call) =>
      `${c.method} ${c.path.replace('/api/blade-system/region/', '')} ${JSON.stringify(c.query)}`;
    expect(calls.map(shown)).toEqual([
      'GET lazy-list {}',
      'GET lazy-list {"parentCode":"11"}',
      'GET lazy-list {"name":"辖"}',
      'GET detail {"code":"1101"}',
      'POST remove {"id":"110101"}',
      'POST remove {"id":"1101"}',
      'POST remove {"id":"11"}',
    ]);
  });
});

describe('the menu screen', () => {
  const system = {
    id: '1',
    parentId: '0',
    name: '系统管理',
    code: 'system',
    category: 1,
    sort: 99,
    hasChildren: false,
  };
  const answers = {
    '/api/blade-system/menu/lazy-list': [system],
    '/api/blade-system/menu/tree': [{ id: '1', parentId: '0', title: '系统管理', key: '1', value: '1' }],
    '/api/blade-system/dict/dictionary': ({ query }: Call) =>
      ({
        menu_category: [
          { dictKey: '1', dictValue: '菜单' },
          { dictKey: '2', dictValue: '按钮' },
        ],
        yes_no: [
          { dictKey: '1', dictValue: '否' },
          { dictKey: '2', dictValue: '是' },
        ],
      })[query.code ?? ''] ?? [],
    '/api/blade-system/menu/submit': { id: '2' },
  };

  it('adds a child under a row: the parent chosen, the choices sent as the numbers the server takes', async () => {
    const calls = fakeApi(answers);
    renderWith(<MenuPage />, ['menu_add']);
    const row = (await screen.findByText('系统管理')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '新增子项' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('菜单名称'), '岗位管理');
    await userEvent.type(within(dialog).getByLabelText('菜单编号'), 'post');
    await userEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ parentId: '1', name: '岗位管理', code: 'post', category: 1, isOpen: 1, sort: 1 });
    expect(body).not.toHaveProperty('action');
  });

  it('searches every level: a search names no parent', async () => {
    const calls = fakeApi(answers);
    renderWith(<MenuPage />);
    await screen.findByText('系统管理');
    expect(calls[0]?.query).toEqual({ parentId: '0' });
    await userEvent.type(screen.getByLabelText('菜单编号'), 'post');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(calls.some((c) => c.query.code === 'post')).toBe(true));
    expect(calls.find((c) => c.query.code === 'post')?.query).not.toHaveProperty('parentId');
  });
});
