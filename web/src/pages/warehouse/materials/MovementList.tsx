import { Tag } from 'antd';
import { useMemo } from 'react';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { StateTag } from '../../../components/warehouse/fields.tsx';

const KIND_COLORS = { in: 'green', out: 'blue', adjust: 'orange', cancel: 'red' };

/** The stock ledger (`/warehouse/movement`), read-only, newest first. */
const movementResource: CrudResource = {
  api: '/warehouse/movement',
  permissions: {},
  fields: [
    { name: 'movementTime', label: 'stock.movementTime', type: 'datetime' },
    {
      name: 'kind',
      label: 'stock.kind',
      // the server's movementType: a cancellation's counter-movement is one, not an `in` of -50
      render: (v, row) => <StateTag value={row.movementType ?? v} prefix="stock.kindOf" colors={KIND_COLORS} />,
    },
    { name: 'quantity', label: 'warehouse.quantity', format: 'quantity' },
    { name: 'unitPrice', label: 'warehouse.unitPrice' },
    { name: 'amount', label: 'warehouse.amount', format: 'money' },
    { name: 'balanceAfter', label: 'stock.balanceAfter', format: 'quantity' },
    {
      name: 'sourceType',
      label: 'stock.source',
      render: (v, row) => (
        <>
          <StateTag value={v} prefix="stock.sourceOf" colors={{}} />
          {row.refuelNo || row.deliveryNo ? <Tag bordered={false}>{String(row.refuelNo ?? row.deliveryNo)}</Tag> : null}
        </>
      ),
    },
    { name: 'remark', label: 'warehouse.remark' },
  ],
};

/** The movements of one stock (a device and a material): the history shown from the stock screen. */
export function MovementList({ deviceId, materialCodeId }: { deviceId: string; materialCodeId: string }) {
  const params = useMemo(() => ({ deviceId, materialCodeId }), [deviceId, materialCodeId]);
  return <CrudPage resource={movementResource} fixedParams={params} />;
}
