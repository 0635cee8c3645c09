import { CheckCircleTwoTone } from '@ant-design/icons';
import { Button, Descriptions, Flex, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plainQuantity } from '../../components/warehouse/decimal.ts';
import type { KioskApi, Receipt } from './kiosk-api.ts';
import type { Session } from './kiosk-flow.ts';
import { IDLE_MS } from './kiosk-flow.ts';

/** The outbound as posted: its number (also as a QR code, for the counter's scanner), lines, who and when. */
export function ReceiptScreen({
  receipt,
  person,
  api,
  onDone,
}: {
  receipt: Receipt;
  person: Session['person'];
  api: KioskApi;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    // Without the picture the number below still identifies the outbound.
    api.qr(receipt.deliveryNo).then(setQr, () => undefined);
  }, [api, receipt.deliveryNo]);
  return (
    <Flex vertical gap={24} align="center" style={{ height: '100%' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        <CheckCircleTwoTone twoToneColor="#52c41a" /> {t('kiosk.receipt.title')}
      </Typography.Title>
      <Flex
        gap={32}
        wrap
        justify="center"
        align="flex-start"
        style={{ flex: '1 1 0', minHeight: 0, overflowY: 'auto' }}
      >
        {qr && <img src={qr} alt={t('kiosk.receipt.qr')} width={220} height={220} />}
        <Flex vertical gap={16} style={{ minWidth: 360 }}>
          <Descriptions
            column={1}
            bordered
            items={[
              {
                key: 'no',
                label: t('kiosk.receipt.number'),
                children: <span translate="no">{receipt.deliveryNo}</span>,
              },
              { key: 'person', label: t('kiosk.receipt.person'), children: <span translate="no">{person.name}</span> },
              {
                key: 'time',
                label: t('kiosk.receipt.time'),
                children: dayjs(receipt.applyTime).format('YYYY-MM-DD HH:mm:ss'),
              },
            ]}
          />
          <Table
            pagination={false}
            rowKey="id"
            dataSource={receipt.items}
            columns={[
              {
                key: 'material',
                title: t('kiosk.receipt.material'),
                render: (_, line) => <span translate="no">{line.materialName}</span>,
              },
              {
                key: 'quantity',
                title: t('kiosk.receipt.quantity'),
                align: 'right',
                render: (_, line) => (
                  <>
                    {plainQuantity(line.quantity)} <span translate="no">{line.unitName}</span>
                  </>
                ),
              },
            ]}
          />
        </Flex>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 18 }}>
        {t('kiosk.receipt.autoBack', { seconds: (IDLE_MS.receipt ?? 0) / 1000 })}
      </Typography.Text>
      <Button type="primary" size="large" onClick={onDone}>
        {t('kiosk.receipt.back')}
      </Button>
    </Flex>
  );
}
