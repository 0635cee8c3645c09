import { App, Button, Card, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startLeave } from '../../../../api/flow.ts';
import { wireDateTime } from '../../../../api/wire.ts';
import { i18n } from '../../../../app/i18n.ts';
import { useErrorsFollowLanguage } from '../../../../app/use-errors-follow-language.ts';
import { placeProblems, RecordFields } from '../../../../components/crud/RecordFields.tsx';
import type { FieldSpec, Row } from '../../../../components/crud/types.ts';
import { FlowDiagram } from '../../../../components/flow/DiagramDialog.tsx';
import { APPROVERS } from './leave-sources.ts';

const fields: FieldSpec[] = [
  { name: 'taskUser', label: 'leave.approver', type: 'select', options: APPROVERS, required: true, wide: true },
  { name: 'startTime', label: 'leave.startTime', type: 'datetime', required: true },
  {
    name: 'endTime',
    label: 'leave.endTime',
    type: 'datetime',
    required: true,
    rules: [
      ({ getFieldValue }) => ({
        validator: (_rule, end?: Dayjs) => {
          const start = getFieldValue('startTime') as Dayjs | undefined;
          if (!end || !start || end.isAfter(start)) return Promise.resolve();
          return Promise.reject(new Error(i18n.t('leave.endAfterStart')));
        },
      }),
    ],
  },
  { name: 'reason', label: 'leave.reason', type: 'textarea', required: true, max: 255 },
];

/**
 * /work/process/leave/form/{processDefinitionId} (spec §2): a leave request started on the chosen
 * definition, sent to the approver; the days (whole, as the server counts them) choose the path.
 */
export function LeaveFormPage({ processDefinitionId }: { processDefinitionId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Row>();
  useErrorsFollowLanguage(form);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await startLeave({
        processDefinitionId,
        taskUser: String(values.taskUser),
        startTime: wireDateTime(values.startTime as Dayjs),
        endTime: wireDateTime(values.endTime as Dayjs),
        reason: String(values.reason).trim(),
      });
      void message.success(t('leave.started'));
      navigate('/work/send');
    } catch (error) {
      placeProblems(form, fields, 'add', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <Card variant="borderless" title={t('leave.form')} style={{ maxWidth: 880 }}>
        <RecordFields form={form} fields={fields} mode="add" name="leave-form" />
        <Button type="primary" loading={busy} onClick={() => void submit().catch(() => undefined)}>
          {t('crud.submit')}
        </Button>
      </Card>
      <Card variant="borderless" title={t('flow.diagram.title')}>
        <FlowDiagram of={{ processDefinitionId }} height={360} />
      </Card>
    </Space>
  );
}
