import { Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { THEMES, useAppearance } from '../appearance.ts';
import { useRouteTab } from '../route-tab.ts';
import { useScreenClass } from '../screen.ts';
import { SideMenu } from './SideMenu.tsx';
import { TabBar } from './TabBar.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * Header, collapsible sidebar, tab bar and the page: every signed-in route renders inside. The
 * header and the tabs stay at the top of long pages; a page wider than the window (a wide table)
 * scrolls inside its own area, so the window never scrolls sideways.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  // Small screens (class 0: under 768 px) start with the sidebar folded away entirely.
  const screen = useScreenClass();
  useEffect(() => setCollapsed(screen === 0), [screen]);
  const look = THEMES[useAppearance((s) => s.themeName)];
  useRouteTab();
  const gutter = screen === 0 ? 8 : 16;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        collapsedWidth={screen === 0 ? 0 : 80}
        trigger={null}
        width={230}
        theme={look.siderText}
        style={{ height: '100vh', position: 'sticky', top: 0, overflowY: 'auto', background: look.sider }}
      >
        <div
          style={{
            color: look.siderText === 'dark' ? '#fff' : '#000',
            padding: 16,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          {collapsed ? t('shortTitle') : t('title')}
        </div>
        <SideMenu collapsed={collapsed} theme={look.siderText} background={look.sider} />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <div style={{ position: 'sticky', top: 0, zIndex: 10 }}>
          <Layout.Header
            style={{
              background: look.header,
              padding: `0 ${gutter}px`,
              lineHeight: 'normal',
              display: 'flex',
              alignItems: 'center',
            }}
          >
            <TopBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} screen={screen} />
          </Layout.Header>
          <div style={{ background: look.header, padding: `4px ${gutter}px 0` }}>
            <TabBar />
          </div>
        </div>
        <Layout.Content style={{ margin: gutter, minWidth: 0, overflowX: 'auto' }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
