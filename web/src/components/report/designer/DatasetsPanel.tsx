import { Button, Card, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Dataset, type DatasetChoice, NAME_PATTERN, type ReportParam } from '../../../api/report.ts';
import type { DatasetFields } from './use-dataset-fields.ts';

interface Props {
  datasets: readonly Dataset[];
  choice: DatasetChoice;
  fields: DatasetFields;
  onChange(datasets: Dataset[]): void;
  /** A builtin dataset's parameters, offered to the report when it is added. */
  onParams(params: readonly ReportParam[]): void;
}

type Values = { name: string; kind: Dataset['kind']; builtin?: string; sql?: string };

/**
 * The report's datasets with their fields, and a form to add one: a builtin the server defines, or
 * (for the platform's `report_sql` holders, `sqlAllowed`) a SELECT of one's own.
 */
export function DatasetsPanel({ datasets, choice, fields, onChange, onParams }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);

  const add = async () => {
    const v = await form.validateFields();
    const dataset: Dataset =
      v.kind === 'sql'
        ? { name: v.name, kind: 'sql', sql: v.sql ?? '' }
        : { name: v.name, kind: 'builtin', builtin: v.builtin ?? '' };
    onChange([...datasets, dataset]);
    if (dataset.kind === 'builtin') onParams(choice.builtins.find((b) => b.key === dataset.builtin)?.params ?? []);
    form.resetFields();
  };
  const describe = (d: Dataset) =>
    d.kind === 'sql' ? 'SQL' : (choice.builtins.find((b) => b.key === d.builtin)?.label ?? d.builtin);

  return (
    <Space orientation="vertical" style={{ display: 'flex' }}>
      {datasets.map((d) => (
        <Card
          key={d.name}
          size="small"
          title={`${d.name} · ${describe(d)}`}
          extra={
            <Button
              size="small"
              danger
              aria-label={t('reportList.dataset.removeOne', { name: d.name })}
              onClick={() => onChange(datasets.filter((x) => x !== d))}
            >
              {t('reportList.remove')}
            </Button>
          }
        >
          {d.kind === 'sql' && <Typography.Paragraph code>{d.sql}</Typography.Paragraph>}
          <Space size={[4, 4]} wrap aria-label={t('reportList.dataset.fieldsOf', { name: d.name })}>
            {(fields[d.name] ?? []).map((f) => (
              <Tag key={f.name}>{f.label ? `${f.label} (${f.name})` : f.name}</Tag>
            ))}
          </Space>
        </Card>
      ))}
      <Form form={form} layout="vertical" initialValues={{ kind: 'builtin' }}>
        <Typography.Text strong>{t('reportList.dataset.add')}</Typography.Text>
        {choice.sqlAllowed && (
          <Form.Item name="kind" label={t('reportList.dataset.kind')}>
            <Radio.Group
              options={[
                { value: 'builtin', label: t('reportList.dataset.builtin') },
                { value: 'sql', label: 'SQL' },
              ]}
            />
          </Form.Item>
        )}
        {kind === 'sql' ? (
          <Form.Item name="sql" label="SQL" rules={[{ required: true, message: t('reportList.dataset.sqlMissing') }]}>
            <Input.TextArea rows={6} spellCheck={false} />
          </Form.Item>
        ) : (
          <Form.Item
            name="builtin"
            label={t('reportList.dataset.builtin')}
            rules={[{ required: true, message: t('reportList.dataset.builtinMissing') }]}
          >
            <Select
              options={choice.builtins.map((b) => ({ value: b.key, label: b.label }))}
              onChange={(key: string) => !form.getFieldValue('name') && form.setFieldValue('name', key)}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('reportList.dataset.name')}
          rules={[
            { required: true, message: t('reportList.nameRule') },
            { pattern: NAME_PATTERN, message: t('reportList.nameRule') },
            {
              validator: (_r, value) =>
                datasets.some((d) => d.name === value)
                  ? Promise.reject(new Error(t('reportList.dataset.taken')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Button onClick={() => void add().catch(() => undefined)}>{t('reportList.dataset.addButton')}</Button>
      </Form>
    </Space>
  );
}
