import { App, Button, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLinkedAccounts, type LinkedAccount, unlinkAccount } from '../../api/social.ts';

/** Names from the provider: the same in every language. */
const asData = (value: string) => <span translate="no">{value}</span>;

/** The signed-in user's linked third-party accounts, each with unlink (the provider then signs in as no one). */
export function LinkedAccounts() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<LinkedAccount[]>();
  const load = useCallback(() => {
    fetchLinkedAccounts().then(
      (found) => setRows(found ?? []),
      () => setRows([]),
    );
  }, []);
  useEffect(load, [load]);

  const unlink = (row: LinkedAccount) =>
    modal.confirm({
      title: t('info.linked.unlinkConfirm', { source: row.sourceName, username: row.username }),
      okText: t('info.linked.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('lock.cancel'),
      onOk: async () => {
        await unlinkAccount(row.id);
        void message.success(t('info.linked.unlinked'));
        load();
      },
    });

  return (
    <Table<LinkedAccount>
      rowKey="id"
      size="middle"
      loading={rows === undefined}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('info.linked.none') }}
      columns={[
        { key: 'source', title: t('info.linked.source'), dataIndex: 'sourceName' },
        { key: 'username', title: t('info.linked.username'), dataIndex: 'username', render: asData },
        { key: 'nickname', title: t('info.linked.nickname'), dataIndex: 'nickname', render: asData },
        { key: 'email', title: t('info.linked.email'), dataIndex: 'email', render: asData },
        { key: 'createTime', title: t('info.linked.createTime'), dataIndex: 'createTime' },
        {
          key: 'actions',
          title: t('info.linked.actions'),
          render: (_, row) => (
            <Button type="link" danger onClick={() => unlink(row)}>
              {t('info.linked.unlink')}
            </Button>
          ),
        },
      ]}
    />
  );
}
