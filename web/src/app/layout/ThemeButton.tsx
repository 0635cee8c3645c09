import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorButton } from './ColorButton.tsx';
import { WhenOpened } from './lazy-dialog.tsx';

const ThemeDialog = lazy(() => import('./ThemeDialog.tsx'));
const ColorChooser = lazy(() => import('./ColorChooser.tsx'));

/** The colour picker and the theme dialog (11 themes), each loaded when first opened (issue 17). */
export function ThemeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [choosing, setChoosing] = useState(false);
  return (
    <Space size={4}>
      {choosing ? (
        <Suspense fallback={<ColorButton loading />}>
          <ColorChooser />
        </Suspense>
      ) : (
        <ColorButton onClick={() => setChoosing(true)} />
      )}
      <Button
        type="text"
        aria-label={t('appearance.theme')}
        icon={<BgColorsOutlined />}
        onClick={() => setOpen(true)}
      />
      <WhenOpened open={open}>
        <ThemeDialog open={open} onClose={() => setOpen(false)} />
      </WhenOpened>
    </Space>
  );
}
