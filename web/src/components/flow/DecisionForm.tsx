import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { completeTask } from '../../api/flow.ts';
import { useTabs } from '../../app/tabs.ts';

interface Props {
  taskId: string;
  processInstanceId: string;
  /** The two decisions' words (message keys): approve (flag 'ok') and reject. */
  words: { ok: string; reject: string };
  /** Off until what is decided on has come. */
  ready: boolean;
}

/**
 * The decision on a step (`work/complete-task`): a comment, then approve (flag 'ok') or reject; a
 * rejection says why. Done, the step's tab closes and the todo list shows what is left.
 */
export function DecisionForm({ taskId, processInstanceId, words, ready }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [form] = Form.useForm<{ comment?: string }>();
  const [busy, setBusy] = useState<'ok' | 'reject' | null>(null);

  const decide = async (flag: 'ok' | 'reject') => {
    const comment = (form.getFieldValue('comment') as string | undefined)?.trim() ?? '';
    if (flag === 'reject' && !comment) {
      form.setFields([{ name: 'comment', errors: [t('flow.decision.commentRequired')] }]);
      return;
    }
    setBusy(flag);
    try {
      // without a comment the server writes the decision's word (同意 / 驳回) in the history
      await completeTask({ taskId, processInstanceId, flag, comment: comment || undefined });
      void message.success(t('crud.done'));
      useTabs.getState().close(pathname);
      navigate('/work/todo');
    } catch {
      // the client has shown why (decided by someone else meanwhile, the stock no longer covers it)
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form form={form} layout="vertical" name="flow-decision" style={{ marginTop: 16, maxWidth: 880 }}>
      <Form.Item name="comment" label={t('flow.decision.comment')} extra={t('flow.decision.commentHelp')}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      <Space>
        <Button
          type="primary"
          loading={busy === 'ok'}
          disabled={!ready || busy !== null}
          onClick={() => void decide('ok')}
        >
          {t(words.ok)}
        </Button>
        <Button
          danger
          loading={busy === 'reject'}
          disabled={!ready || busy !== null}
          onClick={() => void decide('reject')}
        >
          {t(words.reject)}
        </Button>
      </Space>
    </Form>
  );
}
