import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config.ts';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { useSession } from '../session.ts';
import { signOut } from '../sign-out.ts';
import { ErrorLogButton } from './ErrorLogButton.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LockButton } from './LockButton.tsx';
import { MenuSearchBox } from './MenuSearch.tsx';
import { NoticeBell } from './NoticeBell.tsx';
import { SwitchDialog } from './SwitchDialog.tsx';
import { ThemeButton } from './ThemeButton.tsx';
import { TopMenu } from './TopMenu.tsx';

/** The top bar: collapse toggle, top menu, tools, language switch, and the user's menu (switch dept/role in switch mode). */
export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const userInfo = useSession((s) => s.userInfo);
  const [switching, setSwitching] = useState(false);

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
              ...(website.switchMode
                ? [{ key: 'switch', label: t('navbar.switchDept'), onClick: () => setSwitching(true) }]
                : []),
              { key: 'logout', label: t('navbar.logout'), onClick: confirmSignOut },
            ],
          }}
        >
          {/* a person's name is not translated (translate="no"), whatever the language */}
          <Button
            type="text"
            translate="no"
            icon={<Avatar size="small" src={userInfo.avatar || undefined} icon={<UserOutlined />} />}
          >
            {String(userInfo.nick_name || userInfo.account || '')}
          </Button>
        </Dropdown>
        {website.switchMode && <SwitchDialog open={switching} onClose={() => setSwitching(false)} />}
      </Space>
    </Space>
  );
}
