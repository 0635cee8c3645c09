import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { wireDate } from '../../api/wire.ts';
import { FieldInput } from './FieldInput.tsx';
import { searchValues } from './form-values.ts';
import type { DateRangeParams, FieldSpec, Row } from './types.ts';

const CREATE_TIME: DateRangeParams = { from: 'createTime_datege', to: 'createTime_datelt' };

interface Props {
  fields: readonly FieldSpec[];
  /** The createTime range and the parameters it goes as (true: the entity lists' createTime filters). */
  createTimeRange: boolean | DateRangeParams;
  onSearch(filters: Row): void;
}

/** The search fields of a screen and the createTime range, as the BladeX filters the list takes. */
export function SearchBar({ fields, createTimeRange, onSearch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const searchable = fields.filter((f) => f.search);
  if (!searchable.length && !createTimeRange) return null;

  const submit = (values: Row) => {
    const { createTime, ...rest } = values;
    const range = createTime as [Dayjs, Dayjs] | undefined;
    const params = createTimeRange === true ? CREATE_TIME : createTimeRange;
    onSearch({
      ...searchValues(searchable, rest),
      ...(params && {
        [params.from]: range?.[0] && wireDate(range[0]),
        // the end day is included: before the next day starts
        [params.to]: range?.[1] && wireDate(range[1].add(1, 'day')),
      }),
    });
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 16, rowGap: 8 }} name="crud-search">
      {searchable.map((f) => (
        <Form.Item key={f.name} name={f.name} label={t(f.label)} style={{ minWidth: 220 }}>
          <FieldInput field={f} forSearch />
        </Form.Item>
      ))}
      {createTimeRange && (
        <Form.Item
          name="createTime"
          label={t((typeof createTimeRange === 'object' && createTimeRange.label) || 'crud.createTime')}
        >
          <DatePicker.RangePicker />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('crud.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            submit({});
          }}
        >
          {t('crud.reset')}
        </Button>
      </Space>
    </Form>
  );
}
