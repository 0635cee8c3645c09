import { BugOutlined } from '@ant-design/icons';
import { App, Badge, Button, Modal, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../error-log.ts';

// The table (antd's heaviest component) loads with the dialog's first opening, not with the layout.
const ErrorLogTable = lazy(() => import('./ErrorLogTable.tsx'));

/** The log viewer badge of the top bar and its dialog: upload to the server, or clear; each asks first. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const { entries, upload, clear } = useErrorLog();

  const confirm = (title: string, work: () => Promise<void> | void, done: string) =>
    modal.confirm({
      title,
      onOk: async () => {
        await work();
        void message.success(done);
      },
    });

  return (
    <>
      <Badge count={entries.length} size="small" offset={[-4, 4]}>
        <Button type="text" aria-label={t('logs.badge')} icon={<BugOutlined />} onClick={() => setOpen(true)} />
      </Badge>
      <Modal title={t('logs.title')} open={open} footer={null} width="80%" onCancel={() => setOpen(false)}>
        <Space style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            disabled={!entries.length}
            onClick={() => confirm(t('logs.uploadConfirm'), upload, t('logs.uploaded'))}
          >
            {t('logs.upload')}
          </Button>
          <Button
            danger
            disabled={!entries.length}
            onClick={() => confirm(t('logs.clearConfirm'), clear, t('logs.cleared'))}
          >
            {t('logs.clear')}
          </Button>
        </Space>
        <Suspense fallback={<Spin />}>
          <ErrorLogTable entries={entries} />
        </Suspense>
      </Modal>
    </>
  );
}
