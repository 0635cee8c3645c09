import { Button, Card, Checkbox, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAME_PATTERN, type ParamType, type ReportParam } from '../../../api/report.ts';

interface Props {
  params: readonly ReportParam[];
  onChange(params: ReportParam[]): void;
}

const TYPES: readonly ParamType[] = ['date', 'number', 'text'];
const ROW = { marginBottom: 8 };

/** A name the template refuses: not a name, or another parameter's. */
const badName = (params: readonly ReportParam[], p: ReportParam) =>
  !NAME_PATTERN.test(p.name) || params.some((o) => o !== p && o.name === p.name);

/**
 * The report's parameters: a name (`${name}` in a cell's text, `:name` in SQL), a label the viewer
 * shows, a type, whether it is required, and a default.
 */
export function ParamsPanel({ params, onChange }: Props) {
  const { t } = useTranslation();
  const change = (at: number, patch: Partial<ReportParam>) =>
    onChange(params.map((p, i) => (i === at ? { ...p, ...patch } : p)));
  const add = () => {
    let n = params.length + 1;
    while (params.some((p) => p.name === `p${n}`)) n++;
    onChange([...params, { name: `p${n}`, label: '', type: 'text', required: false }]);
  };

  return (
    <Space orientation="vertical" style={{ display: 'flex' }}>
      {params.map((p, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: a parameter is its place (its name is being typed)
          key={i}
          size="small"
          title={p.name}
          extra={
            <Button size="small" danger onClick={() => onChange(params.filter((_, j) => j !== i))}>
              {t('reportList.remove')}
            </Button>
          }
        >
          <Form layout="vertical" component="div">
            <Form.Item label={t('reportList.param.name')} htmlFor={`param-${i}-name`} style={ROW}>
              <Input
                id={`param-${i}-name`}
                status={badName(params, p) ? 'error' : undefined}
                value={p.name}
                onChange={(e) => change(i, { name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('reportList.param.label')} htmlFor={`param-${i}-label`} style={ROW}>
              <Input id={`param-${i}-label`} value={p.label} onChange={(e) => change(i, { label: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('reportList.param.type')} htmlFor={`param-${i}-type`} style={ROW}>
              <Select
                id={`param-${i}-type`}
                value={p.type}
                onChange={(type: ParamType) => change(i, { type })}
                options={TYPES.map((value) => ({ value, label: t(`reportList.param.typeOf.${value}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('reportList.param.default')} htmlFor={`param-${i}-default`} style={ROW}>
              <Input
                id={`param-${i}-default`}
                placeholder={p.type === 'date' ? t('reportList.param.datePlaceholder') : undefined}
                value={p.default ?? ''}
                onChange={(e) => change(i, { default: e.target.value || undefined })}
              />
            </Form.Item>
            <Checkbox checked={p.required} onChange={(e) => change(i, { required: e.target.checked })}>
              {t('reportList.param.required')}
            </Checkbox>
          </Form>
        </Card>
      ))}
      <Button onClick={add}>{t('reportList.param.add')}</Button>
    </Space>
  );
}
