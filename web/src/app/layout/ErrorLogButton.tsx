import { BugOutlined } from '@ant-design/icons';
import { App, Badge, Button, Modal, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../error-log.ts';

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
        <Table
          size="small"
          rowKey={(e) => `${e.time}-${e.message}`}
          dataSource={entries}
          pagination={{ pageSize: 10 }}
          // the stack in full below its row, kept as written (lines and indentation)
          expandable={{
            rowExpandable: (e) => Boolean(e.stack),
            expandedRowRender: (e) => (
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{e.stack}</pre>
            ),
          }}
          columns={[
            { title: t('logs.type'), dataIndex: 'type', width: 80 },
            { title: t('logs.url'), dataIndex: 'url', width: 160 },
            { title: t('logs.message'), dataIndex: 'message' },
            { title: t('logs.stack'), dataIndex: 'stack', ellipsis: true },
            // stored as ISO (what the server's log takes), shown in the reader's local time
            {
              title: t('logs.time'),
              dataIndex: 'time',
              width: 170,
              render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm:ss'),
            },
          ]}
        />
      </Modal>
    </>
  );
}
