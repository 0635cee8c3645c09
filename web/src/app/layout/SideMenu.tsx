import { AppstoreOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { type MenuEntry, menuLeaves, openEntry } from '../menu.ts';
import { useMenuLabel } from '../menu-label.ts';
import { useVisibleMenu } from '../visible-menu.ts';

type Item = Required<MenuProps>['items'][number];

/** The sidebar: the caller's menu tree as their roles see it; leaves navigate, open-mode-2 entries open a new window. */
export function SideMenu({
  collapsed,
  theme,
  background,
}: {
  collapsed: boolean;
  theme: 'dark' | 'light';
  background: string;
}) {
  const menu = useVisibleMenu();
  const label = useMenuLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const toItem = (entry: MenuEntry, depth: number): Item =>
    entry.children.length
      ? {
          key: `group:${entry.id}`,
          label: label(entry),
          icon: depth === 0 ? <AppstoreOutlined /> : undefined,
          children: entry.children.map((c) => toItem(c, depth + 1)),
        }
      : { key: entry.id, label: label(entry), icon: depth === 0 ? <AppstoreOutlined /> : undefined };

  const leaves = menuLeaves(menu);
  const selected = leaves.find((l) => l.path === pathname);
  const open = (id: string) => {
    const entry = leaves.find((l) => l.id === id);
    if (entry) openEntry(entry, navigate);
  };

  return (
    <Menu
      mode="inline"
      theme={theme}
      style={{ background, borderInlineEnd: 0 }}
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected.id] : []}
      items={menu.map((e) => toItem(e, 0))}
      onClick={({ key }) => open(String(key))}
    />
  );
}
