import { DatePicker, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WIRE_DATE, WIRE_DATE_TIME } from '../../api/wire.ts';
import { formatNumber } from './format.ts';
import { useOptions } from './options.ts';
import type { FieldSpec } from './types.ts';

interface Props {
  field: FieldSpec;
  disabled?: boolean;
  /** Search inputs are single-line and clearable, whatever the form type. */
  forSearch?: boolean;
  // id (for the label), value and onChange come from Form.Item
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The input for one field, chosen by its type: the one place that maps types to antd inputs. */
export function FieldInput({ field, disabled, forSearch, id, value, onChange }: Props) {
  const { t } = useTranslation();
  const { options, tree } = useOptions(field.options);
  const placeholder = t(field.label);
  // Form.Item hands over a value of the field type's kind; each input below takes its own kind.
  const common = { id, disabled, value: value as never, onChange, placeholder };
  const text = { ...common, maxLength: field.max };
  if (field.input && !forSearch) return <field.input id={id} value={value} onChange={onChange} disabled={disabled} />;
  switch (field.type ?? 'text') {
    case 'textarea':
      return forSearch ? (
        <Input allowClear {...text} onChange={(e) => onChange?.(e.target.value)} />
      ) : (
        <Input.TextArea rows={3} {...text} onChange={(e) => onChange?.(e.target.value)} />
      );
    case 'password':
      return <Input.Password {...text} onChange={(e) => onChange?.(e.target.value)} autoComplete="new-password" />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...common} />;
    case 'switch':
      if (!forSearch) return <Switch id={id} disabled={disabled} checked={Boolean(value)} onChange={onChange} />;
      return <Select allowClear {...common} options={options} />;
    case 'radio':
      if (!forSearch) return <Radio.Group {...common} options={options} />;
      return <Select allowClear {...common} options={options} />;
    case 'select':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={field.multiple && !forSearch ? 'multiple' : undefined}
          {...common}
          options={options}
        />
      );
    case 'tree-select':
      return (
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          multiple={field.multiple && !forSearch}
          treeCheckable={field.multiple && !forSearch && !field.checkStrictly}
          {...common}
          treeData={tree ?? []}
        />
      );
    case 'date':
    case 'datetime':
      return <DatePicker style={{ width: '100%' }} showTime={field.type === 'datetime'} {...common} />;
    default:
      return <Input allowClear {...text} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/** A value as a table cell shows it: the option's label for choice fields. */
export function FieldValue({ field, value }: { field: FieldSpec; value: unknown }) {
  const { t } = useTranslation();
  const { options, loading } = useOptions(field.options);
  if (value === null || value === undefined || value === '') return null;
  if (field.format) return <>{formatNumber(value, field.format)}</>;
  if (field.options) {
    if (loading) return null;
    const keys = String(value).split(',');
    return <>{keys.map((k) => options.find((o) => o.value === k)?.label ?? k).join(', ')}</>;
  }
  if (field.type === 'switch') return <>{t(value ? 'crud.yes' : 'crud.no')}</>;
  if (field.type === 'password') return <>******</>;
  // A time is read whole: it never wraps, so a narrow column cannot clip its seconds.
  if (field.type === 'date' || field.type === 'datetime')
    return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, field.type)}</span>;
  return <>{String(value)}</>;
}

const DATETIME: FieldSpec = { name: 'time', label: '', type: 'datetime' };

/** An instant shown the one way every screen shows it, outside a field (a history, a summary). */
export const DateTime = ({ value }: { value: unknown }) => <FieldValue field={DATETIME} value={value} />;

// The wire's dates are the server's wall clock (`yyyy-MM-dd HH:mm:ss`): shown as they are, in any browser
// zone; dayjs reads that form in every browser (Safari's Date does not).
const formatDate = (value: unknown, type: 'date' | 'datetime') => {
  const d = dayjs(String(value));
  return d.isValid() ? d.format(type === 'date' ? WIRE_DATE : WIRE_DATE_TIME) : String(value);
};
