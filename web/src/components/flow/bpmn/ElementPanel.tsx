import { Form, Input, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramElement, ElementRegistry, Moddle, Modeling } from './diagram-services.ts';
import { type ElementProperties, editableOf, isUnchanged, readProperties, toAttributes } from './element-properties.ts';
import { GatewayConditions } from './GatewayConditions.tsx';
import { MODEL_KEY } from './model-xml.ts';

interface Props {
  modeler: Modeler;
  element: DiagramElement;
  /** Changes with every change of the diagram (an undo), so the form reads the element again. */
  revision: number;
}

const LISTS = new Set<keyof ElementProperties>(['candidateUsers', 'candidateGroups']);

/**
 * The properties the engine uses of the element chosen on the canvas, in an antd form bound to it:
 * an edit goes into the diagram (one undoable change) when its input is left or Enter is pressed;
 * lists when they change. The process itself is named by the model's name and key above.
 */
export function ElementPanel({ modeler, element, revision }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ElementProperties>();
  const isRoot = !element.waypoints && element.type === 'bpmn:Process';
  const editable = isRoot ? [] : editableOf(element);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` says the diagram changed (an undo): read the element again
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(readProperties(element.businessObject));
  }, [form, element, revision]);

  const commit = async (name: keyof ElementProperties) => {
    // read before validating: the diagram may change (and the form be re-read) while it awaits
    const value = form.getFieldValue(name) as string | string[] | undefined;
    try {
      await form.validateFields([name]); // also clears the message of a bad value typed back to the good one
    } catch {
      return; // the form says what is wrong; the diagram keeps the last good value
    }
    if (isUnchanged(element.businessObject, name, value)) return;
    const moddle = modeler.get<Moddle>('moddle');
    const attributes = toAttributes(name, value ?? '', (body) => moddle.create('bpmn:FormalExpression', { body }));
    modeler.get<Modeling>('modeling').updateProperties(element, attributes);
  };

  const idRules: Rule[] = [
    { required: true, whitespace: true, message: t('flow.element.idRequired') },
    { pattern: MODEL_KEY, message: t('flow.element.idPattern') },
    {
      validator: (_rule, value: string) => {
        const other = modeler.get<ElementRegistry>('elementRegistry').get(value);
        return other && other !== element ? Promise.reject(new Error(t('flow.element.idTaken'))) : Promise.resolve();
      },
    },
  ];

  if (isRoot) return <Typography.Paragraph type="secondary">{t('flow.element.chooseOne')}</Typography.Paragraph>;
  return (
    <>
      <Form form={form} layout="vertical" name="flow-element">
        <Typography.Title level={5}>
          {t(`flow.elementType.${element.type.replace('bpmn:', '')}`, element.type)}
        </Typography.Title>
        {editable.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`flow.element.${name}`)}
            extra={name === 'id' || name === 'name' ? undefined : t(`flow.element.${name}Help`)}
            rules={name === 'id' ? idRules : undefined}
          >
            {LISTS.has(name) ? (
              <Select
                mode="tags"
                tokenSeparators={[',']}
                open={false}
                suffixIcon={null}
                onChange={() => void commit(name)}
              />
            ) : (
              <Input onBlur={() => void commit(name)} onPressEnter={() => void commit(name)} />
            )}
          </Form.Item>
        ))}
      </Form>
      {element.type === 'bpmn:ExclusiveGateway' && (
        <GatewayConditions modeler={modeler} gateway={element} revision={revision} />
      )}
    </>
  );
}
