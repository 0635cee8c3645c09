import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenOpened } from './lazy-dialog.tsx';

const LockDialog = lazy(() => import('./LockDialog.tsx'));

/** The top bar's lock: its dialog asks for a lock password, then every route shows /lock. */
export function LockButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" aria-label={t('lock.button')} icon={<LockOutlined />} onClick={() => setOpen(true)} />
      <WhenOpened open={open}>
        <LockDialog open={open} onClose={() => setOpen(false)} />
      </WhenOpened>
    </>
  );
}
