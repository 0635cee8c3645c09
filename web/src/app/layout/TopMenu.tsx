import { ConfigProvider, Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchTopMenus, type TopMenu as TopMenuRow } from '../../api/menu.ts';
import { MenuIcon } from '../../components/menu/MenuIcon.tsx';
import { THEMES, type ThemeLook, useAppearance } from '../appearance.ts';
import { useMenu } from '../menu-store.ts';

const HOME = 'home';

/** Home plus the tenant's top menus; choosing one reloads the sidebar with that top menu's entries. */
export function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [topMenus, setTopMenus] = useState<TopMenuRow[]>([]);
  const [current, setCurrent] = useState(HOME);
  useEffect(() => {
    fetchTopMenus()
      .then(setTopMenus)
      .catch(() => undefined);
  }, []);
  const accent = (THEMES[useAppearance((st) => st.themeName)] as ThemeLook).headerAccent;
  const marked = accent && { horizontalItemSelectedColor: accent, horizontalItemHoverColor: accent };
  // The menu takes the room its parent gives it (flex) and folds into "…" only when that is too small.
  return (
    <ConfigProvider theme={marked ? { components: { Menu: marked } } : undefined}>
      <Menu
        mode="horizontal"
        selectedKeys={[current]}
        style={{ flex: 1, minWidth: 0, borderBottom: 0, background: 'transparent' }}
        items={[
          { key: HOME, label: t('navbar.home') },
          ...topMenus.map((m) => ({ key: m.id, label: m.name, icon: <MenuIcon source={m.source} decorative /> })),
        ]}
        onClick={({ key }) => {
          setCurrent(key);
          void useMenu.getState().load(key === HOME ? undefined : key);
          if (key === HOME) navigate('/wel/index');
        }}
      />
    </ConfigProvider>
  );
}
