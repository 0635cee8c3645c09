import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../crud/types.ts';
import { fromUnits, lineAmountCents, toUnits } from './decimal.ts';
import { type Line, type LinesKind, lineTotals } from './lines.ts';
import { useMaterialRows, useStockAt } from './stock-data.ts';

interface Props extends CustomInputProps {
  kind: LinesKind;
}

/**
 * The item lines of a stock document: a material, a quantity and (inbound) a price, batch and
 * expiry per line, with the totals below. An outbound shows each line's stock at the form's device
 * and marks a quantity above it. Disabled, it shows a saved document's lines as they were posted.
 */
export function ItemLines({ kind, id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const lines = (Array.isArray(value) ? value : []) as Line[];
  const materials = useMaterialRows();
  const form = Form.useFormInstance();
  const deviceId = Form.useWatch('deviceId', form) as string | undefined;
  const ids = kind === 'delivery' && !disabled ? lines.map((l) => l.materialCodeId ?? '').filter(Boolean) : [];
  const stock = useStockAt(deviceId, ids);

  const change = (index: number, patch: Partial<Line>) =>
    onChange?.(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const choose = (index: number, materialCodeId: string) => {
    const price = materials.get(materialCodeId)?.referencePrice;
    const keepPrice = lines[index]?.unitPrice;
    change(index, {
      materialCodeId,
      unitPrice: kind === 'refuel' && !keepPrice && price != null ? String(price) : keepPrice,
    });
  };
  // A delivery's price is the stock's moving average at the moment it is posted: estimated here.
  const priceOf = (line: Line) =>
    disabled || kind === 'refuel' ? line.unitPrice : (stock.get(line.materialCodeId ?? '')?.averagePrice as string);
  const totals = lineTotals(lines, priceOf);
  const label = (name: string, i: number) => `${t(name)} ${i + 1}`;

  const materialCell = (line: Line, i: number) => {
    if (disabled) return `${line.materialCode ?? ''} ${line.materialName ?? ''}`;
    const options = [...materials.values()].map((m) => ({ value: String(m.id), label: `${m.code} ${m.name}` }));
    return (
      <Select
        aria-label={label('warehouse.material', i)}
        style={{ width: 240 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={line.materialCodeId}
        options={options}
        onChange={(v: string) => choose(i, v)}
      />
    );
  };
  const stockCell = (line: Line) => {
    if (!line.materialCodeId || !deviceId) return null;
    const row = stock.get(line.materialCodeId);
    if (row === undefined) return null;
    const available = row ? String(row.quantity) : '0';
    const short = (toUnits(line.quantity, 3) ?? 0n) > (toUnits(available, 3) ?? 0n);
    return (
      <Typography.Text type={short ? 'danger' : undefined}>
        {row ? t('warehouse.stockAt', { stock: fromUnits(toUnits(available, 3) ?? 0n, 3) }) : t('warehouse.noStock')}
      </Typography.Text>
    );
  };
  const unitOf = (line: Line) => {
    const material = materials.get(line.materialCodeId ?? '');
    return String(material?.unitName ?? material?.unit ?? line.unit ?? '');
  };
  const amountOf = (line: Line) => {
    const cents = lineAmountCents(line.quantity, priceOf(line));
    return cents === null ? '' : fromUnits(cents, 2);
  };

  const columns: ColumnsType<Line> = [
    { title: '#', key: 'index', width: 48, render: (_v, _l, i) => i + 1 },
    { title: t('warehouse.material'), key: 'material', render: (_v, l, i) => materialCell(l, i) },
    { title: t('warehouse.unit'), key: 'unit', width: 70, render: (_v, l) => unitOf(l) },
    {
      title: t('warehouse.quantity'),
      key: 'quantity',
      width: 130,
      render: (_v, l, i) => (
        <InputNumber
          aria-label={label('warehouse.quantity', i)}
          stringMode
          min="0"
          disabled={disabled}
          value={l.quantity}
          onChange={(v) => change(i, { quantity: v ?? undefined })}
        />
      ),
    },
  ];
  if (kind === 'delivery' && !disabled)
    columns.push({ title: t('warehouse.stock'), key: 'stock', width: 120, render: (_v, l) => stockCell(l) });
  if (kind === 'refuel' || disabled)
    columns.push({
      title: t('warehouse.unitPrice'),
      key: 'unitPrice',
      width: 130,
      render: (_v, l, i) => (
        <InputNumber
          aria-label={label('warehouse.unitPrice', i)}
          stringMode
          min="0"
          disabled={disabled}
          value={l.unitPrice}
          onChange={(v) => change(i, { unitPrice: v ?? undefined })}
        />
      ),
    });
  columns.push({ title: t('warehouse.amount'), key: 'amount', width: 110, render: (_v, l) => amountOf(l) });
  if (kind === 'refuel') columns.push(...refuelExtras(t, disabled, change, label));
  if (!disabled)
    columns.push({
      key: 'remove',
      width: 56,
      render: (_v, _l, i) => (
        <Button
          type="text"
          danger
          aria-label={label('warehouse.removeLine', i)}
          icon={<DeleteOutlined />}
          onClick={() => onChange?.(lines.filter((_x, j) => j !== i))}
        />
      ),
    });

  // The field's error (lines incomplete) is said below the editor, not by a red border on every input.
  return (
    <NoFormStyle status override>
      <div id={id}>
        <Table<Line>
          size="small"
          rowKey={(_l) => String(lines.indexOf(_l))}
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
        <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
          {!disabled ? (
            <Button icon={<PlusOutlined />} onClick={() => onChange?.([...lines, {}])}>
              {t('warehouse.addLine')}
            </Button>
          ) : (
            <span />
          )}
          <Typography.Text strong data-testid="line-totals">
            {t('warehouse.totals', totals)}
            {kind === 'delivery' && !disabled ? ` ${t('warehouse.estimated')}` : ''}
          </Typography.Text>
        </Space>
      </div>
    </NoFormStyle>
  );
}

type Change = (index: number, patch: Partial<Line>) => void;

/** The inbound-only columns: batch and expiry. */
function refuelExtras(
  t: (key: string) => string,
  disabled: boolean | undefined,
  change: Change,
  label: (name: string, i: number) => string,
): ColumnsType<Line> {
  return [
    {
      title: t('warehouse.batchNo'),
      key: 'batchNo',
      width: 130,
      render: (_v, l, i) => (
        <Input
          aria-label={label('warehouse.batchNo', i)}
          disabled={disabled}
          value={l.batchNo ?? ''}
          onChange={(e) => change(i, { batchNo: e.target.value })}
        />
      ),
    },
    {
      title: t('warehouse.expiryDate'),
      key: 'expiryDate',
      width: 150,
      render: (_v, l, i) => (
        <DatePicker
          aria-label={label('warehouse.expiryDate', i)}
          disabled={disabled}
          value={l.expiryDate ? dayjs(l.expiryDate) : null}
          onChange={(d) => change(i, { expiryDate: d ? d.format('YYYY-MM-DD') : undefined })}
        />
      ),
    },
  ];
}
