import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config.ts';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import type { ScreenClass } from '../screen.ts';
import { useSession } from '../session.ts';
import { signOut } from '../sign-out.ts';
import { ErrorLogButton } from './ErrorLogButton.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LockButton } from './LockButton.tsx';
import { WhenOpened } from './lazy-dialog.tsx';
import { MenuSearchBox } from './MenuSearch.tsx';
import { NoticeBell } from './NoticeBell.tsx';
import { ThemeButton } from './ThemeButton.tsx';
import { TopMenu } from './TopMenu.tsx';

const SwitchDialog = lazy(() => import('./SwitchDialog.tsx'));

/**
 * The top bar: collapse toggle, top menu, tools, language switch, and the user's menu (switch
 * dept/role in switch mode). The top menu takes the room the rest leaves; on narrower screens
 * (spec §2 size classes) the search box narrows, then goes (the tab menu's search stays), the
 * user's name leaves only the avatar, and on the smallest the look-and-feel tools go, so the
 * language switch and the user's menu stay in reach.
 */
export function TopBar({
  collapsed,
  onToggle,
  screen,
}: {
  collapsed: boolean;
  onToggle: () => void;
  screen: ScreenClass;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const userInfo = useSession((s) => s.userInfo);
  const [switching, setSwitching] = useState(false);
  const userName = String(userInfo.nick_name || userInfo.account || '');

  const confirmSignOut = () =>
    modal.confirm({
      title: t('navbar.logoutConfirm'),
      onOk: () => signOut(navigate),
    });

  return (
    <div style={{ display: 'flex', alignItems: 'center', width: '100%', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0 }}>
        <Button
          type="text"
          aria-label={collapsed ? t('navbar.expand') : t('navbar.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        <TopMenu />
      </div>
      <Space size={screen === 0 ? 2 : 8} style={{ flexShrink: 0 }}>
        {screen >= 2 && <MenuSearchBox width={screen === 3 ? 200 : 140} />}
        <NoticeBell />
        {screen >= 1 && <ThemeButton />}
        <LockButton />
        {screen >= 1 && <FullscreenButton />}
        {screen >= 1 && <ErrorLogButton />}
        <LanguageSwitch />
        <Dropdown
          menu={{
            items: [
              { key: 'dashboard', label: t('navbar.dashboard'), onClick: () => navigate('/wel/dashboard') },
              { key: 'info', label: t('navbar.userInfo'), onClick: () => navigate('/info/index') },
              ...(website.switchMode
                ? [{ key: 'switch', label: t('navbar.switchDept'), onClick: () => setSwitching(true) }]
                : []),
              { key: 'logout', label: t('navbar.logout'), onClick: confirmSignOut },
            ],
          }}
        >
          {/* a person's name is not translated (translate="no"), whatever the language; without
              room for it the avatar alone stands for it */}
          <Button
            type="text"
            translate="no"
            aria-label={screen >= 2 ? undefined : userName}
            icon={<Avatar size="small" src={userInfo.avatar || undefined} icon={<UserOutlined />} />}
          >
            {screen >= 2 ? userName : null}
          </Button>
        </Dropdown>
        {website.switchMode && (
          <WhenOpened open={switching}>
            <SwitchDialog open={switching} onClose={() => setSwitching(false)} />
          </WhenOpened>
        )}
      </Space>
    </div>
  );
}
