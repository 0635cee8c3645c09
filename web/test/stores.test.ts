import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuNode } from '../src/api/menu.ts';
import { entryRoute, menuLeaves, openEntry, permissionCodes, toEntries, visibleTo } from '../src/app/menu.ts';
import { HOME_TAB, tabFor, useTabs } from '../src/app/tabs.ts';

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

  it('open in a new window only with open mode 2 and an external path; anything else in the layout', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const navigate = vi.fn();
    const entries = toEntries([
      ...tree,
      node('docs_here', 'https://docs.example.com/here'),
      node('local_new', '/local', [], { isOpen: 2 }),
    ]);
    for (const entry of menuLeaves(entries)) openEntry(entry, navigate);
    expect(open.mock.calls).toEqual([['https://docs.example.com', '_blank', 'noopener']]);
    expect(navigate.mock.calls.map(([route]) => route)).toEqual([
      '/desk/index',
      '/system/param',
      '/myiframe/urlPath?src=https%3A%2F%2Fdocs.example.com%2Fhere&name=docs_here',
      '/local/index',
    ]);
    open.mockRestore();
  });

  it('hide what meta roles keep from the user’s roles, and a group left empty', () => {
    const entries = toEntries([
      node('desk', '/desk'),
      node('keepers', '/keepers', [], { meta: { roles: ['keeper', 'admin'] } }),
      node('system', '/system', [
        node('param', '/system/param', [], { meta: { roles: ['administrator'] } }),
        node('user', '/system/user'),
      ]),
      node('audit', '/audit', [node('log', '/audit/log', [], { meta: { roles: ['auditor'] } })]),
    ]);
    const codes = (roles: string[]) => menuLeaves(visibleTo(entries, roles)).map((e) => e.code);
    expect(codes(['administrator'])).toEqual(['desk', 'param', 'user']);
    expect(codes(['keeper'])).toEqual(['desk', 'keepers', 'user']);
    expect(codes(['auditor', 'keeper'])).toEqual(['desk', 'keepers', 'user', 'log']);
    expect(visibleTo(entries, []).map((e) => e.code)).toEqual(['desk', 'system']);
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

  it('opens no tab when meta disables tabs, without a label, or for a target query; names external pages by query', () => {
    const q = (query = '') => new URLSearchParams(query);
    expect(tabFor('/system/param', q(), { label: 'menu.param' })).toEqual({
      label: 'menu.param',
      value: '/system/param',
    });
    expect(tabFor('/system/param', q(), { label: 'menu.param', meta: { isTab: false } })).toBeNull();
    expect(tabFor('/system/param', q('target=_blank'), { label: 'menu.param' })).toBeNull();
    expect(tabFor('/myiframe/urlPath', q(), {})).toBeNull();
    expect(tabFor('', q(), { label: 'menu.param' })).toBeNull();
    expect(tabFor('/myiframe/urlPath', q('src=https://a.example&name=Docs'), {})).toEqual({
      label: 'Docs',
      value: '/myiframe/urlPath?src=https%3A%2F%2Fa.example&name=Docs',
    });
  });

  it('keeps the tabs a test accepts, and home', () => {
    for (const v of ['/a', '/b', '/c']) useTabs.getState().open({ label: v, value: v });
    useTabs.getState().retain((value) => value === '/c');
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual([HOME_TAB.value, '/c']);
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
