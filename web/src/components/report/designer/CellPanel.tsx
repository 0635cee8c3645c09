import type { FWorkbook } from '@univerjs/preset-sheets-core';
import { Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGGREGATES, type CellBind, FORMATS } from '../../../api/report.ts';
import { cellName, parseCellName } from '../univer/address.ts';
import { bindOf, type CellMeta, placeholder } from '../univer/template-sheet.ts';
import type { DatasetFields } from './use-dataset-fields.ts';

interface Props {
  book: FWorkbook;
  at: { row: number; col: number };
  fields: DatasetFields;
  /** After a change to the cell (the panel reads it again). */
  onChanged(): void;
  /** A cell chosen by its name (the sheet's own selection reports only what is clicked there). */
  onSelect(at: { row: number; col: number }): void;
}

type Values = Partial<CellBind> & { text?: string; format?: string };

/**
 * The selected cell, edited beside the sheet: go to a cell by its name, its text, its binding to a
 * dataset's field (expansion, aggregate) and its format. Keyed by the cell: another starts afresh.
 */
export function CellPanel({ book, at, fields, onChanged, onSelect }: Props) {
  const { t } = useTranslation();
  const range = book.getActiveSheet().getRange(at.row, at.col);
  const data = range.getCellData();
  const meta = (data?.custom ?? {}) as CellMeta;
  const bound = bindOf(meta);
  const [form] = Form.useForm<Values>();
  const [go, setGo] = useState(cellName(at.row, at.col));
  const dataset = Form.useWatch('dataset', form);

  const goTo = () => {
    const cell = parseCellName(go);
    if (!cell) return;
    book.getActiveSheet().getRange(cell.row, cell.col).activate();
    onSelect(cell);
  };
  const write = (cell: { v: string; custom: CellMeta }) => {
    range.setValue(cell);
    onChanged();
  };
  const bind = async () => {
    const v = await form.validateFields();
    const next: CellBind = {
      dataset: String(v.dataset),
      field: String(v.field),
      expand: v.expand ?? 'none',
      aggregate: v.aggregate ?? 'list',
    };
    write({ v: placeholder(next), custom: { bind: next, ...(v.format && { format: v.format }) } });
  };
  const unbind = () => write({ v: '', custom: {} });
  const setText = () =>
    write({ v: form.getFieldValue('text') ?? '', custom: meta.format ? { format: meta.format } : {} });

  const required = (label: string) => [{ required: true, message: t('reportList.cell.choose', { label: t(label) }) }];
  return (
    <Space orientation="vertical" style={{ display: 'flex' }}>
      <Space.Compact>
        <Input
          aria-label={t('reportList.cell.goTo')}
          value={go}
          onChange={(e) => setGo(e.target.value)}
          onPressEnter={goTo}
          style={{ width: 120 }}
        />
        <Button onClick={goTo}>{t('reportList.cell.go')}</Button>
      </Space.Compact>
      <Typography.Text strong>{t('reportList.cell.selected', { cell: cellName(at.row, at.col) })}</Typography.Text>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          text: bound ? '' : String(data?.v ?? ''),
          expand: 'none',
          aggregate: 'list',
          ...bound,
          format: meta.format,
        }}
      >
        <Form.Item name="text" label={t('reportList.cell.text')}>
          <Input disabled={Boolean(bound)} onPressEnter={setText} />
        </Form.Item>
        <Button disabled={Boolean(bound)} onClick={setText} style={{ marginBottom: 16 }}>
          {t('reportList.cell.setText')}
        </Button>
        <Form.Item name="dataset" label={t('reportList.cell.dataset')} rules={required('reportList.cell.dataset')}>
          <Select options={Object.keys(fields).map((name) => ({ label: name, value: name }))} />
        </Form.Item>
        <Form.Item name="field" label={t('reportList.cell.field')} rules={required('reportList.cell.field')}>
          <Select
            options={(fields[dataset ?? ''] ?? []).map((f) => ({
              label: f.label ? `${f.label} (${f.name})` : f.name,
              value: f.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="expand" label={t('reportList.cell.expand')}>
          <Radio.Group
            options={['down', 'none'].map((value) => ({ value, label: t(`reportList.cell.expandOf.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="aggregate" label={t('reportList.cell.aggregate')}>
          <Select options={AGGREGATES.map((value) => ({ value, label: t(`reportList.cell.aggregateOf.${value}`) }))} />
        </Form.Item>
        <Form.Item name="format" label={t('reportList.cell.format')}>
          <Select allowClear options={FORMATS.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Space>
          <Button type="primary" onClick={() => void bind().catch(() => undefined)}>
            {t('reportList.cell.bind')}
          </Button>
          <Button disabled={!bound} onClick={unbind}>
            {t('reportList.cell.unbind')}
          </Button>
        </Space>
      </Form>
    </Space>
  );
}
