import { AppstoreOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuIconOf } from '../../components/menu/MenuIcon.tsx';
import { groupsAbove, type MenuEntry, menuLeaves, openEntry } from '../menu.ts';
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
  // The groups above the page shown open, however it was reached (the menu, a tab, its address);
  // the user opens and closes the others.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const above = groupsAbove(menu, pathname).map((group) => `group:${group.id}`);
    setOpenKeys((keys) => [...new Set([...keys, ...above])]);
  }, [menu, pathname]);

  // Each entry shows its own icon; a top-level one without a known icon the generic one, so the
  // folded sidebar still shows something to point at.
  const toItem = (entry: MenuEntry, depth: number): Item => {
    const Icon = menuIconOf(entry.icon) ?? (depth === 0 ? AppstoreOutlined : undefined);
    // the label names the entry; the icon beside it is decoration for a screen reader
    const icon = Icon ? <Icon aria-hidden /> : undefined;
    return entry.children.length
      ? {
          key: `group:${entry.id}`,
          label: label(entry),
          icon,
          children: entry.children.map((c) => toItem(c, depth + 1)),
        }
      : { key: entry.id, label: label(entry), icon };
  };

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
      // folded, the groups open as pop-ups on hover: no keys are held open then
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      selectedKeys={selected ? [selected.id] : []}
      items={menu.map((e) => toItem(e, 0))}
      onClick={({ key }) => open(String(key))}
    />
  );
}
