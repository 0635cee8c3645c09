import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { useSession } from '../session.ts';
import { signOut } from '../sign-out.ts';
import { ErrorLogButton } from './ErrorLogButton.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LockButton } from './LockButton.tsx';
import { MenuSearchBox } from './MenuSearch.tsx';
import { NoticeBell } from './NoticeBell.tsx';
import { ThemeButton } from './ThemeButton.tsx';
import { TopMenu } from './TopMenu.tsx';

/** The top bar: collapse toggle, language switch, and the user's menu with sign-out. */
export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const userInfo = useSession((s) => s.userInfo);

  const confirmSignOut = () =>
    modal.confirm({
      title: t('navbar.logoutConfirm'),
      onOk: () => signOut(navigate),
    });

  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space>
        <Button
          type="text"
          aria-label={collapsed ? t('navbar.expand') : t('navbar.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        <TopMenu />
      </Space>
      <Space>
        <MenuSearchBox />
        <NoticeBell />
        <ThemeButton />
        <LockButton />
        <FullscreenButton />
        <ErrorLogButton />
        <LanguageSwitch />
        <Dropdown
          menu={{
            items: [
              { key: 'dashboard', label: t('navbar.dashboard'), onClick: () => navigate('/wel/dashboard') },
              { key: 'info', label: t('navbar.userInfo'), onClick: () => navigate('/info/index') },
              { key: 'logout', label: t('navbar.logout'), onClick: confirmSignOut },
            ],
          }}
        >
          <Button type="text" icon={<UserOutlined />}>
            {String(userInfo.nick_name || userInfo.account || '')}
          </Button>
        </Dropdown>
      </Space>
    </Space>
  );
}
