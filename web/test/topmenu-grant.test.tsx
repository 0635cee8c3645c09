import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leafKeys } from '../src/components/tree/checked-keys.ts';
import { TopMenuGrantDialog } from '../src/pages/system/topmenu/GrantDialog.tsx';
import { fakeApi, renderWith } from './fake-api.tsx';

const tree = [
  {
    key: 'sys',
    title: '系统管理',
    children: [
      { key: 'user', title: '用户管理' },
      { key: 'post', title: '岗位管理' },
    ],
  },
  { key: 'desk', title: '工作台' },
];

afterEach(() => vi.unstubAllGlobals());

describe('leafKeys', () => {
  it('keeps the held keys of leaves only, so a held parent does not check children added since', () => {
    expect(leafKeys(tree, ['sys', 'user', 'desk'])).toEqual(['user', 'desk']);
    expect(leafKeys(tree, ['sys'])).toEqual([]);
  });
});

describe('the top-menu grant dialog', () => {
  const answers = {
    '/api/blade-system/menu/grant-top-tree': { menu: tree },
    '/api/blade-system/menu/top-tree-keys': { menu: ['sys', 'user'] },
    '/api/blade-system/topmenu/grant': null,
  };
  const checkedTitles = () =>
    [...document.querySelectorAll('.ant-tree-treenode-checkbox-checked')].map((n) => n.textContent);

  it('shows the menus held, parents worked out from their leaves', async () => {
    const calls = fakeApi(answers);
    renderWith(<TopMenuGrantDialog topMenuIds={['7', '8']} onClose={() => {}} />);
    await screen.findByText('岗位管理');
    expect(checkedTitles()).toEqual(['用户管理']);
    expect(document.querySelector('.ant-tree-treenode-checkbox-indeterminate')?.textContent).toBe('系统管理');
    expect(calls.find((c) => c.path.endsWith('top-tree-keys'))?.query).toEqual({ topMenuIds: '7,8' });
  });

  it('sends the settings unchanged when nothing is touched', async () => {
    const calls = fakeApi(answers);
    const onClose = vi.fn();
    renderWith(<TopMenuGrantDialog topMenuIds={['7']} onClose={onClose} />);
    await screen.findByText('岗位管理');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { topMenuIds: ['7'], menuIds: ['sys', 'user'] } });
  });

  it('sends the checked menus with their half-checked parents', async () => {
    const calls = fakeApi(answers);
    renderWith(<TopMenuGrantDialog topMenuIds={['7']} onClose={() => {}} />);
    const desk = (await screen.findByText('工作台')).closest('.ant-tree-treenode');
    await userEvent.click(desk!.querySelector('.ant-tree-checkbox')!);
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('POST'));
    const { menuIds } = calls.at(-1)!.body as { menuIds: string[] };
    expect(menuIds.sort()).toEqual(['desk', 'sys', 'user']);
  });
});
