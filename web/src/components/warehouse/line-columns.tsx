import { DatePicker, Input, InputNumber, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { wireDate } from '../../api/wire.ts';
import type { Row } from '../crud/types.ts';
import { plainQuantity, toUnits } from './decimal.ts';
import type { Line } from './lines.ts';

/** What every editable cell of a line needs. */
export interface Cells {
  t: TFunction;
  disabled?: boolean;
  change(index: number, patch: Partial<Line>): void;
}

// Each input is labelled with its column and line ("数量 2"), for screen readers and tests alike.
export const lineLabel = (cells: Cells, name: string, index: number) => `${cells.t(name)} ${index + 1}`;

/** A decimal typed as text (`stringMode`), so no float rounding reaches the server nor cuts its decimals. */
export const decimalColumn = (cells: Cells, field: 'quantity' | 'unitPrice', title: string): ColumnType<Line> => ({
  title: cells.t(title),
  key: field,
  width: 130,
  render: (_v, line, i) => (
    <InputNumber
      aria-label={lineLabel(cells, title, i)}
      stringMode
      // no min: a negative entry is refused with a message, never silently turned into 0
      disabled={cells.disabled}
      // a posted line reads as quantities read everywhere (20.5, not the server's 20.500)
      value={cells.disabled && field === 'quantity' ? plainQuantity(line.quantity) : line[field]}
      onChange={(v) => cells.change(i, { [field]: v ?? undefined })}
    />
  ),
});

/** The inbound-only columns: batch and expiry. */
export const refuelColumns = (cells: Cells): ColumnType<Line>[] => [
  {
    title: cells.t('warehouse.batchNo'),
    key: 'batchNo',
    width: 130,
    render: (_v, line, i) => (
      <Input
        aria-label={lineLabel(cells, 'warehouse.batchNo', i)}
        disabled={cells.disabled}
        value={line.batchNo ?? ''}
        onChange={(e) => cells.change(i, { batchNo: e.target.value })}
      />
    ),
  },
  {
    title: cells.t('warehouse.expiryDate'),
    key: 'expiryDate',
    width: 150,
    render: (_v, line, i) => (
      <DatePicker
        aria-label={lineLabel(cells, 'warehouse.expiryDate', i)}
        disabled={cells.disabled}
        value={line.expiryDate ? dayjs(line.expiryDate) : null}
        onChange={(d) => cells.change(i, { expiryDate: d ? wireDate(d) : undefined })}
      />
    ),
  },
];

/** An outbound line's stock at the device (undefined: not known yet), red when the line takes more. */
export function StockCell({ t, line, stock }: { t: TFunction; line: Line; stock: Row | null | undefined }) {
  if (stock === undefined) return null;
  if (stock === null) return <Typography.Text type="danger">{t('warehouse.noStock')}</Typography.Text>;
  const short = (toUnits(line.quantity, 3) ?? 0n) > (toUnits(stock.quantity, 3) ?? 0n);
  return (
    <Typography.Text type={short ? 'danger' : undefined}>
      {t('warehouse.stockAt', { stock: plainQuantity(stock.quantity) })}
    </Typography.Text>
  );
}
