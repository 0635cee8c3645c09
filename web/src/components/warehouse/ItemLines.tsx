import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space, Table, Typography } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../crud/types.ts';
import { formatCents, lineAmountCents } from './decimal.ts';
import { type Cells, decimalColumn, lineLabel, refuelColumns, StockCell } from './line-columns.tsx';
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
  const cells: Cells = { t, disabled, change };
  const options = [...materials.values()].map((m) => ({ value: String(m.id), label: `${m.code} ${m.name}` }));

  const materialCell = (line: Line, i: number) =>
    disabled ? (
      `${line.materialCode ?? ''} ${line.materialName ?? ''}`
    ) : (
      <Select
        aria-label={lineLabel(cells, 'warehouse.material', i)}
        style={{ width: 240 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={line.materialCodeId}
        options={options}
        onChange={(v: string) => choose(i, v)}
      />
    );
  const unitOf = (line: Line) => {
    const material = materials.get(line.materialCodeId ?? '');
    // a label, never the dictionary key (before the materials arrive, a saved line names its own)
    return String(material?.unitName ?? line.unitName ?? '');
  };
  const amountOf = (line: Line) => {
    const cents = lineAmountCents(line.quantity, priceOf(line));
    return cents === null ? '' : formatCents(cents);
  };

  const outbound = kind === 'delivery' && !disabled;
  const columns: ColumnsType<Line> = [
    { title: '#', key: 'index', width: 48, render: (_v, _l, i) => i + 1 },
    { title: t('warehouse.material'), key: 'material', render: (_v, l, i) => materialCell(l, i) },
    { title: t('warehouse.unit'), key: 'unit', width: 70, render: (_v, l) => unitOf(l) },
    decimalColumn(cells, 'quantity', 'warehouse.quantity'),
    ...(outbound
      ? [
          {
            title: t('warehouse.stock'),
            key: 'stock',
            width: 120,
            render: (_v: unknown, l: Line) =>
              deviceId && l.materialCodeId && <StockCell t={t} line={l} stock={stock.get(l.materialCodeId)} />,
          },
        ]
      : [decimalColumn(cells, 'unitPrice', 'warehouse.unitPrice')]),
    { title: t('warehouse.amount'), key: 'amount', width: 110, render: (_v, l) => amountOf(l) },
    ...(kind === 'refuel' ? refuelColumns(cells) : []),
  ];
  if (!disabled)
    columns.push({
      key: 'remove',
      width: 56,
      render: (_v, _l, i) => (
        <Button
          type="text"
          danger
          aria-label={lineLabel(cells, 'warehouse.removeLine', i)}
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
          rowKey={(line) => String(lines.indexOf(line))}
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
            {outbound ? ` ${t('warehouse.estimated')}` : ''}
          </Typography.Text>
        </Space>
      </div>
    </NoFormStyle>
  );
}
