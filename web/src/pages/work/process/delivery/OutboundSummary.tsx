import { Descriptions, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../../components/crud/FieldInput.tsx';
import type { Row } from '../../../../components/crud/types.ts';
import { personName } from '../../../../components/warehouse/fields.tsx';
import { StockCell } from '../../../../components/warehouse/line-columns.tsx';
import { ApprovalTag } from '../../../warehouse/delivery/approval.tsx';

/** An outbound request as the delivery's detail answers it, with its approval and (while it waits) the stock now. */
export interface OutboundRequest extends Row {
  deliveryNo: string;
  deviceName: string;
  personName: string;
  purpose: string | null;
  operatorName: string | null;
  totalQuantity: string;
  status: number;
  processInstanceId: string | null;
  items: (Row & {
    materialCode: string;
    materialName: string;
    unitName?: string;
    quantity: string;
    available?: string;
  })[];
}

/** What the approver decides on: who takes what from where, and each line against the stock at the device now. */
export function OutboundSummary({ request }: { request: OutboundRequest | undefined }) {
  const { t } = useTranslation();
  if (!request) return <Spin />;
  const waiting = Number(request.status) === 3;
  const columns: ColumnsType<OutboundRequest['items'][number]> = [
    { title: '#', key: 'index', width: 48, render: (_v, _l, i) => i + 1 },
    { title: t('warehouse.material'), key: 'material', render: (_v, l) => `${l.materialCode} ${l.materialName}` },
    { title: t('warehouse.unit'), key: 'unit', render: (_v, l) => l.unitName ?? '' },
    { title: t('warehouse.quantity'), key: 'quantity', dataIndex: 'quantity' },
    ...(waiting
      ? [
          {
            title: t('warehouse.stock'),
            key: 'stock',
            render: (_v: unknown, l: OutboundRequest['items'][number]) => (
              <StockCell t={t} line={{ quantity: l.quantity }} stock={{ quantity: l.available ?? '0' }} />
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'no', label: t('delivery.deliveryNo'), children: request.deliveryNo },
          { key: 'state', label: t('delivery.approval.state'), children: <ApprovalTag row={request} /> },
          { key: 'device', label: t('warehouse.device'), children: request.deviceName },
          { key: 'person', label: t('warehouse.person'), children: personName(request.personName) },
          { key: 'operator', label: t('warehouse.operator'), children: personName(request.operatorName) },
          {
            key: 'time',
            label: t('delivery.approval.applyTime'),
            children: <DateTime value={request.applyTime} />,
          },
          { key: 'purpose', label: t('delivery.purpose'), children: request.purpose, span: 'filled' },
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        rowKey={(l) => String(l.id)}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={request.items}
      />
    </>
  );
}
