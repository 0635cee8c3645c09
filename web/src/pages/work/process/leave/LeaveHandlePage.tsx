import { App, Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { completeTask } from '../../../../api/flow.ts';
import { useSession } from '../../../../app/session.ts';
import { useTabs } from '../../../../app/tabs.ts';
import { LeaveProcessCards } from './LeaveProcessCards.tsx';
import { LeaveSummary, useLeave } from './LeaveSummary.tsx';

interface Props {
  taskId: string;
  processInstanceId: string;
  businessId: string;
}

/**
 * /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId} (spec §2): the request, its
 * history and diagram, a comment, and the decision: 同意 (flag 'ok') or 驳回. At the applicant's own
 * step (a request sent back) the same two are 重新申请 and 关闭申请. A rejection says why.
 */
export function LeaveHandlePage({ taskId, processInstanceId, businessId }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useSession((s) => String(s.userInfo.user_id ?? ''));
  const leave = useLeave(businessId);
  const [form] = Form.useForm<{ comment?: string }>();
  const [busy, setBusy] = useState<'ok' | 'reject' | null>(null);
  // the request came back to the one who asked: they resubmit it or close it
  const applicantStep = Boolean(leave.data && String(leave.data.createUser) === me);
  const words = applicantStep
    ? { ok: 'leave.resubmit', reject: 'leave.close' }
    : { ok: 'leave.pass', reject: 'leave.reject' };

  const decide = async (flag: 'ok' | 'reject') => {
    const { comment = '' } = await form.validateFields();
    if (flag === 'reject' && !comment.trim()) {
      form.setFields([{ name: 'comment', errors: [t('leave.commentRequired')] }]);
      return;
    }
    setBusy(flag);
    try {
      // without a comment the server writes the decision's word (同意 / 驳回) in the history
      await completeTask({ taskId, processInstanceId, flag, comment: comment.trim() || undefined });
      void message.success(t('crud.done'));
      // the step is done: its tab goes, the list it came from shows what is left
      useTabs.getState().close(pathname);
      navigate('/work/todo');
    } catch {
      // the client has shown why (handled by someone else meanwhile)
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <Card variant="borderless" title={t('leave.handle')}>
        <LeaveSummary leave={leave.data} />
        <Form form={form} layout="vertical" name="leave-handle" style={{ marginTop: 16, maxWidth: 880 }}>
          <Form.Item name="comment" label={t('leave.comment')} extra={t('leave.commentHelp')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              loading={busy === 'ok'}
              disabled={!leave.data || busy !== null}
              onClick={() => void decide('ok')}
            >
              {t(words.ok)}
            </Button>
            <Button
              danger
              loading={busy === 'reject'}
              disabled={!leave.data || busy !== null}
              onClick={() => void decide('reject')}
            >
              {t(words.reject)}
            </Button>
          </Space>
        </Form>
      </Card>
      <LeaveProcessCards processInstanceId={processInstanceId} />
    </Space>
  );
}
