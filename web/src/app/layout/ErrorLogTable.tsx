import { Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ErrorEntry } from '../error-log.ts';

/** The logged errors, newest first as kept, each row's stack in full below it. */
export default function ErrorLogTable({ entries }: { entries: ErrorEntry[] }) {
  const { t } = useTranslation();
  return (
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
  );
}
