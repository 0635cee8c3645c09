import { DatePicker, Form, type FormInstance, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportParam } from '../../api/report.ts';

const DATE = 'YYYY-MM-DD';

/** The form's starting values: each parameter's default, a date as a picker's value. */
export function initialParams(params: readonly ReportParam[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const p of params) {
    if (p.default === undefined || p.default === '') continue;
    if (p.type !== 'date') values[p.name] = p.default;
    // a default that is not a day (a typo in the template) leaves the picker empty
    else if (/^\d{4}-\d{2}-\d{2}$/.test(p.default) && dayjs(p.default).isValid()) values[p.name] = dayjs(p.default);
  }
  return values;
}

/** The values as the server takes them: text, a date as yyyy-MM-dd; an empty one left out. */
export function paramValues(params: readonly ReportParam[], values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params) {
    const value = values[p.name];
    if (value === undefined || value === null || value === '') continue;
    out[p.name] = dayjs.isDayjs(value) ? (value as Dayjs).format(DATE) : String(value);
  }
  return out;
}

/** Checks the form and answers its values; rejects (showing the form's messages) when one is missing. */
export const readParams = async (form: FormInstance, params: readonly ReportParam[]) =>
  paramValues(params, await form.validateFields());

interface Props {
  form: FormInstance;
  params: readonly ReportParam[];
  /** The buttons beside the fields (preview, export). */
  children?: ReactNode;
}

/** A report's parameters as a form: a date picker, a number or a text each, required ones marked. */
export function ParamsForm({ form, params, children }: Props) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="inline" initialValues={initialParams(params)} style={{ rowGap: 12 }}>
      {params.map((p) => (
        <Form.Item
          key={p.name}
          name={p.name}
          label={p.label || p.name}
          rules={p.required ? [{ required: true, message: t('reportList.param.missing', { label: p.label }) }] : []}
        >
          {p.type === 'date' ? (
            <DatePicker format={DATE} />
          ) : p.type === 'number' ? (
            <InputNumber stringMode style={{ width: 160 }} />
          ) : (
            <Input style={{ width: 200 }} />
          )}
        </Form.Item>
      ))}
      <Form.Item>{children}</Form.Item>
    </Form>
  );
}
