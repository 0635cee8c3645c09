import { App, Button, Drawer, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlowModel, submitModel } from '../../../api/flow.ts';
import { saveFile } from '../../../app/save-file.ts';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './diagram.css';
import { ElementPanel } from './ElementPanel.tsx';
import { MODEL_KEY, newModelXml } from './model-xml.ts';
import { useModeler } from './use-modeler.ts';

interface Props {
  /** The model to edit (its detail, with its XML); null designs a new one. */
  model: FlowModel | null;
  onSaved(): void;
  onClose(): void;
}

type Header = Pick<FlowModel, 'name' | 'modelKey' | 'description'>;

/**
 * The process designer of /flow/model: the model's name, key and description, a bpmn-js modeler
 * offering the engine's elements, and beside it the chosen element's properties (assignee,
 * candidates, conditions). Imports a .bpmn file; exports the XML and an SVG picture; saves with
 * `model/submit`. Loaded with its first opening only.
 */
export default function ModelDesigner({ model, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [header] = Form.useForm<Header>();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [id, setId] = useState(model?.id);
  const [saving, setSaving] = useState(false);
  const designer = useModeler(container, model?.modelEditorXml || newModelXml());

  const named = async () => {
    const values = await header.validateFields();
    return { ...values, modelEditorXml: await designer.exportXml(values.modelKey, values.name) };
  };

  const save = async () => {
    setSaving(true);
    try {
      const values = await named();
      const saved = await submitModel({ ...values, id });
      if (saved?.id) setId(saved.id);
      designer.markSaved();
      void message.success(t('crud.done'));
      onSaved();
    } catch {
      // the form says what is missing; the client has shown the server's refusal
    } finally {
      setSaving(false);
    }
  };

  const importFile = async (file: File) => {
    try {
      const process = await designer.importXml(await file.text());
      // a new model takes the name and key of the process it imports
      if (!id && process.id && MODEL_KEY.test(process.id))
        header.setFieldsValue({ modelKey: process.id, name: header.getFieldValue('name') || process.name });
      void message.success(t('flow.model.imported', { name: file.name }));
    } catch (error) {
      void message.error(t('flow.model.importFailed', { reason: error instanceof Error ? error.message : '' }));
    }
    return false; // read here, never sent as it is
  };

  const exportAs = async (kind: 'xml' | 'svg') => {
    try {
      const { modelKey, name } = await header.validateFields(['modelKey', 'name']);
      const text = kind === 'xml' ? await designer.exportXml(modelKey, name) : await designer.exportSvg();
      const type = kind === 'xml' ? 'application/xml' : 'image/svg+xml';
      saveFile(new Blob([text], { type }), `${modelKey}.${kind === 'xml' ? 'bpmn' : 'svg'}`);
    } catch {
      // the form says what is missing
    }
  };

  const close = () => {
    if (!designer.dirty) return onClose();
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('flow.model.discard'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: onClose,
    });
  };

  return (
    <Drawer
      open
      size="100%"
      title={t(id ? 'flow.model.design' : 'flow.model.create')}
      onClose={close}
      mask={{ closable: false }}
      keyboard={false}
      extra={
        <Space wrap>
          <Upload accept=".bpmn,.xml" showUploadList={false} beforeUpload={(file) => importFile(file)}>
            <Button>{t('flow.model.import')}</Button>
          </Upload>
          <Button onClick={() => void exportAs('xml')}>{t('flow.model.exportXml')}</Button>
          <Button onClick={() => void exportAs('svg')}>{t('flow.model.exportSvg')}</Button>
          <Button type="primary" loading={saving} disabled={!designer.modeler} onClick={() => void save()}>
            {t('crud.submit')}
          </Button>
        </Space>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Form
        form={header}
        layout="inline"
        name="flow-model"
        initialValues={{ name: model?.name, modelKey: model?.modelKey, description: model?.description }}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="name"
          label={t('flow.model.name')}
          rules={[{ required: true, whitespace: true, message: t('flow.model.nameRequired') }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          name="modelKey"
          label={t('flow.model.modelKey')}
          rules={[
            { required: true, whitespace: true, message: t('flow.model.keyRequired') },
            { pattern: MODEL_KEY, message: t('flow.element.idPattern') },
          ]}
        >
          <Input maxLength={64} disabled={Boolean(model?.id)} />
        </Form.Item>
        <Form.Item name="description" label={t('flow.model.description')} style={{ flex: 1, minWidth: 240 }}>
          <Input maxLength={1000} />
        </Form.Item>
      </Form>
      <div style={{ display: 'flex', gap: 12, flex: 1, minHeight: 420 }}>
        <div ref={setContainer} className="cw-diagram cw-modeler" style={{ flex: 1 }} />
        <aside style={{ width: 320, flex: 'none', overflowY: 'auto' }} aria-label={t('flow.element.panel')}>
          {designer.modeler && designer.selected && (
            <ElementPanel modeler={designer.modeler} element={designer.selected} revision={designer.revision} />
          )}
        </aside>
      </div>
    </Drawer>
  );
}
