import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Card, ColorPicker, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_NAMES, THEMES, useAppearance } from '../appearance.ts';

/** The theme dialog (11 themes, each shown as its colours) and the colour picker. */
export function ThemeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { themeName, color, setTheme, setColor } = useAppearance();
  return (
    <Space size={4}>
      <ColorPicker value={color} onChangeComplete={(value) => setColor(value.toHexString())}>
        {/* antd's own trigger is a div that cannot carry a label (axe aria-prohibited-attr): a labelled button */}
        <Button
          size="small"
          aria-label={t('appearance.color')}
          icon={<span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 2, background: color }} />}
        />
      </ColorPicker>
      <Button
        type="text"
        aria-label={t('appearance.theme')}
        icon={<BgColorsOutlined />}
        onClick={() => setOpen(true)}
      />
      <Modal title={t('appearance.themeTitle')} open={open} footer={null} onCancel={() => setOpen(false)} width={640}>
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
    </Space>
  );
}
