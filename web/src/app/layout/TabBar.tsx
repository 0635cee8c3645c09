import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearServerCache } from '../../api/menu.ts';
import { useMenu } from '../menu-store.ts';
import { HOME_TAB, useTabs } from '../tabs.ts';
import { WhenOpened } from './lazy-dialog.tsx';

const MenuSearchOverlay = lazy(() => import('./MenuSearchOverlay.tsx'));

/** The tab bar: one tab per visited page; home cannot close, nor can the last tab. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const { tabs, close, closeOthers, closeAll } = useTabs();
  const [searching, setSearching] = useState(false);
  const { modal, message } = App.useApp();
  const bar = useRef<HTMLDivElement>(null);
  const mayClearCache = useMenu((state) => Boolean(state.permissions.role_grant));
  // antd puts each tab's close button and the overflow button inside the tablist, which may hold only
  // tabs (axe aria-required-children; react-component/tabs#1013): they are hidden from assistive
  // technology and the tab order, as Delete on a focused tab closes it and arrows reach every tab.
  useEffect(() => {
    for (const button of bar.current?.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove, .ant-tabs-nav-more') ?? []) {
      button.setAttribute('aria-hidden', 'true');
      button.tabIndex = -1;
    }
  });

  const clearCache = () =>
    modal.confirm({
      title: t('tagsView.clearCacheConfirm'),
      onOk: async () => {
        await clearServerCache();
        await useMenu.getState().load();
        void message.success(t('tagsView.cleared'));
      },
    });

  // Closing others keeps `target` (the right-clicked tab, or the active one for the dropdown) and
  // shows it; with nothing but home open there is nothing to close.
  const nothingToClose = !tabs.some((tab) => tab.closable);
  const actions = (target: string, withSearch: boolean): MenuProps['items'] => [
    ...(withSearch ? [{ key: 'search', label: t('tagsView.searchMenu'), onClick: () => setSearching(true) }] : []),
    {
      key: 'others',
      label: t('tagsView.closeOthers'),
      disabled: nothingToClose || tabs.every((tab) => tab.value === target || !tab.closable),
      onClick: () => {
        closeOthers(target);
        if (target !== here) navigate(target);
      },
    },
    {
      key: 'all',
      label: t('tagsView.closeAll'),
      disabled: nothingToClose,
      onClick: () => {
        closeAll();
        navigate(HOME_TAB.value);
      },
    },
    // the server empties its caches for whoever may change roles' grants (CLEAR_CACHE_PERMISSION)
    ...(mayClearCache ? [{ key: 'cache', label: t('tagsView.clearCache'), onClick: clearCache }] : []),
  ];

  return (
    <div ref={bar} style={{ display: 'flex', alignItems: 'flex-start' }}>
      <WhenOpened open={searching}>
        <MenuSearchOverlay open={searching} onClose={() => setSearching(false)} />
      </WhenOpened>
      <Tabs
        style={{ flex: 1, minWidth: 0 }}
        locale={{ removeAriaLabel: t('tagsView.close') }}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={here}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') {
            const next = close(key);
            if (key === here) navigate(next);
          }
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          label: (
            <Dropdown trigger={['contextMenu']} menu={{ items: actions(tab.value, false) }}>
              <span>{t(tab.label, { defaultValue: tab.label })}</span>
            </Dropdown>
          ),
          closable: tab.closable && tabs.length > 1,
        }))}
      />
      {/* beside the tabs, not antd's tabBarExtraContent, which the tablist would hold */}
      <Dropdown menu={{ items: actions(here, true) }}>
        <Button size="small" type="text" aria-label={t('tagsView.menu')} icon={<DownOutlined />} />
      </Dropdown>
    </div>
  );
}
