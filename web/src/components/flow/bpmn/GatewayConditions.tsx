import { Form, Input, Typography } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramElement, Moddle, Modeling } from './diagram-services.ts';
import { isUnchanged, readProperties, toAttributes } from './element-properties.ts';

interface Props {
  modeler: Modeler;
  gateway: DiagramElement;
  revision: number;
}

/**
 * The conditions of the flows out of an exclusive gateway, each named by where it leads: where a
 * designer decides the branches (a flow's own form edits its condition too). Kept on leaving an input.
 */
export function GatewayConditions({ modeler, gateway, revision }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const flows = (gateway.outgoing ?? []).filter((f) => f.type === 'bpmn:SequenceFlow');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` says the diagram changed: read the flows again
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(flows.map((f) => [f.id, readProperties(f.businessObject).condition ?? ''])));
  }, [form, gateway, revision]);

  const commit = (flow: DiagramElement) => {
    const moddle = modeler.get<Moddle>('moddle');
    const value = String(form.getFieldValue(flow.id) ?? '');
    if (isUnchanged(flow.businessObject, 'condition', value)) return;
    const attributes = toAttributes('condition', value, (body) => moddle.create('bpmn:FormalExpression', { body }));
    modeler.get<Modeling>('modeling').updateProperties(flow, attributes);
  };

  if (!flows.length) return null;
  return (
    <Form form={form} layout="vertical" name="flow-gateway">
      <Typography.Title level={5}>{t('flow.element.branches')}</Typography.Title>
      {flows.map((flow) => (
        <Form.Item
          key={flow.id}
          name={flow.id}
          label={t('flow.element.conditionTo', {
            target: flow.target?.businessObject.name || flow.target?.id || flow.id,
          })}
        >
          <Input onBlur={() => commit(flow)} onPressEnter={() => commit(flow)} />
        </Form.Item>
      ))}
      <Typography.Paragraph type="secondary">{t('flow.element.conditionHelp')}</Typography.Paragraph>
    </Form>
  );
}
