import { App, Button, Card, Form, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployUpload } from '../../../api/flow.ts';
import { useSession } from '../../../app/session.ts';
import { useErrorsFollowLanguage } from '../../../app/use-errors-follow-language.ts';
import { fromFormValues } from '../../../components/crud/form-values.ts';
import { usePermissions } from '../../../components/crud/permissions.ts';
import { RecordFields } from '../../../components/crud/RecordFields.tsx';
import type { CustomInputProps, FieldSpec, Row } from '../../../components/crud/types.ts';
import { deployFields } from '../../../components/flow/flow-fields.tsx';
import { website } from '../../../config.ts';

/** The files to deploy, kept in the page until sent. */
function BpmnFiles({ id, value, onChange }: CustomInputProps) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      id={id}
      multiple
      accept=".bpmn,.xml"
      fileList={(value as UploadFile[] | undefined) ?? []}
      beforeUpload={() => false}
      onChange={({ fileList }) => onChange?.(fileList)}
    >
      <p>{t('flow.deploy.drop')}</p>
    </Upload.Dragger>
  );
}

const filesField: FieldSpec = {
  name: 'files',
  label: 'flow.deploy.files',
  // a list, not text: the required rule a field's `required` makes checks for a string
  rules: [{ type: 'array', required: true, min: 1, message: 'flow.deploy.filesRequired' }],
  help: 'flow.deploy.filesHelp',
  wide: true,
  input: BpmnFiles,
};

/**
 * /flow/deploy, 流程部署: .bpmn files deployed at once with a category (and, for the platform,
 * the tenants they are for). The server checks each file (it parses, it holds an executable
 * process of the elements the engine runs) and deploys all of them or none.
 */
export default function DeployPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Row>();
  useErrorsFollowLanguage(form);
  const platform = useSession((s) => s.tenantId === website.tenantId);
  const can = usePermissions({});
  const [busy, setBusy] = useState(false);
  const fields = [...deployFields(platform), filesField];

  const deploy = async () => {
    const values = fromFormValues(fields, await form.validateFields());
    const files = (values.files as UploadFile[]).flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));
    setBusy(true);
    try {
      await deployUpload(
        files,
        String(values.category),
        String(values.tenantIds ?? '')
          .split(',')
          .filter(Boolean),
      );
      void message.success(t('flow.deploy.done', { count: files.length }));
      form.resetFields();
    } catch {
      // the client has shown the server's refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="borderless" title={t('menu.flow_deploy')} style={{ maxWidth: 880 }}>
      <RecordFields form={form} fields={fields} mode="add" name="flow-deploy" />
      {can.has('flow_deploy_upload') && (
        <Button type="primary" loading={busy} onClick={() => void deploy().catch(() => undefined)}>
          {t('flow.deploy.submit')}
        </Button>
      )}
    </Card>
  );
}
