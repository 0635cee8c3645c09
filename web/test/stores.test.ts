import { afterEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../src/api/menu.ts';
import { entryRoute, menuLeaves, permissionCodes, toEntries } from '../src/app/menu.ts';
import { HOME_TAB, useTabs } from '../src/app/tabs.ts';

const node = (
  code: string,
  path: string | null,
  children: MenuNode[] = [],
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  path,
  source: null,
  sort: 1,
  category: 1,
  isOpen: 1,
  children,
  ...extra,
});

describe('menu entries', () => {
  const tree = [
    node('desk', '/desk'),
    node('system', '/system', [node('param', '/system/param'), node('btn', '/x', [], { category: 2 })]),
    node('doc', 'https://docs.example.com', [], { isOpen: 2 }),
  ];

  it('append /index to a top-level leaf, keep nested paths, and drop buttons', () => {
    const entries = toEntries(tree);
    expect(entries.map((e) => e.path)).toEqual(['/desk/index', '/system', 'https://docs.example.com']);
    expect(entries[1]?.children.map((e) => e.code)).toEqual(['param']);
    expect(menuLeaves(entries).map((e) => e.code)).toEqual(['desk', 'param', 'doc']);
  });

  it('open external pages in the iframe route, and know which open a new window', () => {
    const doc = toEntries(tree)[2]!;
    expect(doc).toMatchObject({ external: true, newWindow: true });
    expect(entryRoute(doc)).toBe('/myiframe/urlPath?src=https%3A%2F%2Fdocs.example.com&name=doc');
  });

  it('flatten the button tree to the codes of its leaves', () => {
    expect(permissionCodes([node('user', '/u', [node('user_add', null), node('user_edit', null)])])).toEqual([
      'user_add',
      'user_edit',
    ]);
  });
});

describe('the tabs store', () => {
  afterEach(() => useTabs.getState().reset());

  it('opens each route once, keeps home, and never closes home or the last tab', () => {
    const tabs = useTabs.getState();
    tabs.open({ label: 'a', value: '/a' });
    tabs.open({ label: 'a', value: '/a' });
    tabs.open({ label: 'b', value: '/b' });
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual([HOME_TAB.value, '/a', '/b']);
    expect(useTabs.getState().close(HOME_TAB.value)).toBe(HOME_TAB.value);
    expect(useTabs.getState().close('/b')).toBe('/a');
    expect(useTabs.getState().close('/a')).toBe(HOME_TAB.value);
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
  });

  it('closes the others but home and the current one; close all leaves home; tabs live in session storage', () => {
    const tabs = useTabs.getState();
    for (const v of ['/a', '/b', '/c']) tabs.open({ label: v, value: v });
    useTabs.getState().closeOthers('/b');
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual([HOME_TAB.value, '/b']);
    expect(JSON.parse(sessionStorage.getItem('saber-tags') ?? '{}').content).toHaveLength(2);
    useTabs.getState().closeAll();
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
  });
});
