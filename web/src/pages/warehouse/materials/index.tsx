import { Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, FieldSpec, Row } from '../../../components/crud/types.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { plainQuantity } from '../../../components/warehouse/decimal.ts';
import { deviceField, materialTypeField, StateTag } from '../../../components/warehouse/fields.tsx';
import { useStockMoved } from '../../../components/warehouse/use-cancel-action.ts';
import { MovementList } from './MovementList.tsx';

const API = '/warehouse/materials';
const shown = { form: 'edit' as const, lockOnEdit: true };

const STATES = ['ok', 'low', 'out'];
const STATE_COLORS = { ok: 'green', low: 'orange', out: 'red' };

/**
 * Stock per device and material (read-only: it changes through movements). Searching a device or
 * a type takes in the nodes below it.
 */
export const stockResource: CrudResource = {
  api: API,
  permissions: { view: 'materials_view' },
  createTimeRange: false,
  fields: [
    deviceField({ search: true, ...shown }),
    materialTypeField({ search: true, column: false, form: false }),
    { name: 'materialCode', label: 'stock.materialCode', search: true, sortable: true, ...shown },
    { name: 'materialName', label: 'stock.materialName', search: true, ...shown },
    { name: 'specification', label: 'warehouse.spec', ...shown },
    { name: 'unit', label: 'warehouse.unit', type: 'select', options: { dictBiz: 'material_unit' }, ...shown },
    { name: 'quantity', label: 'warehouse.quantity', sortable: true, format: 'quantity', ...shown },
    // in the column menu: with them, 库存物资 in English is wider than its card at 1440 px
    { name: 'safetyStock', label: 'stock.safetyStock', format: 'quantity', ...shown, column: 'optional' },
    { name: 'averagePrice', label: 'stock.averagePrice', ...shown, column: 'optional' },
    { name: 'amount', label: 'warehouse.amount', sortable: true, format: 'money', ...shown },
    {
      name: 'state',
      label: 'stock.state',
      type: 'select',
      search: true,
      options: { items: STATES.map((s) => ({ label: `stock.stateOf.${s}`, value: s })) },
      render: (v) => <StateTag value={v} prefix="stock.stateOf" colors={STATE_COLORS} />,
      ...shown,
    },
    { name: 'lastInTime', label: 'stock.lastInTime', type: 'datetime', ...shown },
    { name: 'lastOutTime', label: 'stock.lastOutTime', type: 'datetime', ...shown },
  ],
  fromRecord: (record) => ({
    ...record,
    quantity: plainQuantity(record.quantity),
    safetyStock: plainQuantity(record.safetyStock),
  }),
};

const stocktakeFields: FieldSpec[] = [
  { name: 'countedQuantity', label: 'stock.countedQuantity', type: 'number', required: true },
  { name: 'reason', label: 'stock.reason', type: 'textarea', required: true },
];

/** /warehouse/materials: stock with its state, a stocktake per row, and each row's movements. */
export default function MaterialsPage() {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const stockMoved = useStockMoved();
  const [history, setHistory] = useState<Row | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...stockResource,
      rowActions: [
        {
          label: 'stock.stocktake',
          permission: 'materials_stocktake',
          onClick: (row) =>
            dialog.open({
              title: 'stock.stocktakeOf',
              fields: stocktakeFields,
              initial: { countedQuantity: Number(row.quantity) },
              submit: (values) =>
                postAction(
                  `${API}/stocktake`,
                  {},
                  {
                    deviceId: row.deviceId,
                    materialCodeId: row.materialCodeId,
                    ...values,
                  },
                ).then(stockMoved),
            }),
        },
        { label: 'stock.history', permission: 'materials_history', onClick: (row) => setHistory(row) },
      ],
    }),
    [dialog.open, stockMoved],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {dialog.element}
      <Drawer
        open={history !== null}
        size="large"
        title={history && t('stock.historyOf', { material: history.materialName, device: history.deviceName })}
        onClose={() => setHistory(null)}
        destroyOnHidden
      >
        {history && (
          <MovementList deviceId={String(history.deviceId)} materialCodeId={String(history.materialCodeId)} />
        )}
      </Drawer>
    </>
  );
}
