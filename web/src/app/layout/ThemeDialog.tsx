import { Card, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_NAMES, THEMES, useAppearance } from '../appearance.ts';

/** The theme dialog: the 11 themes, each shown as its colours. Loaded when first opened. */
export default function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { themeName, color, setTheme } = useAppearance();
  return (
    <Modal title={t('appearance.themeTitle')} open={open} footer={null} onCancel={onClose} width={640}>
      <Space wrap>
        {THEME_NAMES.map((name) => (
          <Card
            key={name}
            hoverable
            size="small"
            aria-pressed={name === themeName}
            onClick={() => setTheme(name)}
            style={{ width: 132, borderColor: name === themeName ? color : undefined, borderWidth: 2 }}
          >
            <div style={{ display: 'flex', height: 40, marginBottom: 8 }}>
              <div style={{ width: 30, background: THEMES[name].sider }} />
              <div style={{ flex: 1, background: THEMES[name].header, borderBottom: `3px solid ${color}` }} />
            </div>
            {t(`appearance.themes.${name}`)}
          </Card>
        ))}
      </Space>
    </Modal>
  );
}
