import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_TAB, useTabs } from '../tabs.ts';
import { MenuSearchOverlay } from './MenuSearch.tsx';

/** The tab bar: one tab per visited page; home cannot close, nor can the last tab. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { tabs, close, closeOthers, closeAll } = useTabs();
  const [searching, setSearching] = useState(false);

  return (
    <>
      <MenuSearchOverlay open={searching} onClose={() => setSearching(false)} />
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') {
            const next = close(key);
            if (key === pathname) navigate(next);
          }
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          label: t(tab.label, { defaultValue: tab.label }),
          closable: tab.closable && tabs.length > 1,
        }))}
        tabBarExtraContent={
          <Dropdown
            menu={{
              items: [
                { key: 'search', label: t('tagsView.searchMenu'), onClick: () => setSearching(true) },
                { key: 'others', label: t('tagsView.closeOthers'), onClick: () => closeOthers(pathname) },
                {
                  key: 'all',
                  label: t('tagsView.closeAll'),
                  onClick: () => {
                    closeAll();
                    navigate(HOME_TAB.value);
                  },
                },
              ],
            }}
          >
            <Button size="small" type="text" aria-label={t('tagsView.menu')} icon={<DownOutlined />} />
          </Dropdown>
        }
      />
    </>
  );
}
