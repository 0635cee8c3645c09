import { AppstoreOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { entryRoute, type MenuEntry, menuLeaves } from '../menu.ts';
import { useMenuLabel } from '../menu-label.ts';
import { useMenu } from '../menu-store.ts';

type Item = Required<MenuProps>['items'][number];

/** The sidebar: the caller's menu tree; leaves navigate, open-mode-2 entries open a new window. */
export function SideMenu({
  collapsed,
  theme,
  background,
}: {
  collapsed: boolean;
  theme: 'dark' | 'light';
  background: string;
}) {
  const menu = useMenu((s) => s.menu);
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
    if (!entry) return;
    if (entry.newWindow && entry.external) window.open(entry.path, '_blank', 'noopener');
    else navigate(entryRoute(entry));
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
