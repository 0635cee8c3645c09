import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../../components/crud/ActionModal.tsx';
import { postAction } from '../../../components/crud/api.ts';
import type { Row } from '../../../components/crud/types.ts';
import { SMS_API } from './api.ts';
import { paramsProblem, phonesProblem, ruleOf } from './phone-rules.ts';

interface Props {
  config: Row;
  onClose(): void;
}

/**
 * Sends the configuration's template to numbers typed here (`send-message?code&phones&params`): the
 * numbers are checked as the server checks them first; the provider's refusal, which says what to fix,
 * is shown by the HTTP client, and the dialog stays open to try again.
 */
export function SendTestDialog({ config, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phones: string; params: string }>();
  const send = async () => {
    const values = await form.validateFields();
    await postAction(`${SMS_API}/endpoint/send-message`, {
      code: config.smsCode,
      phones: values.phones.replace(/[，\s]+/g, ','),
      params: values.params?.trim() || '{}',
    });
  };
  return (
    <ActionModal
      title={t('sms.sendTitle', { code: config.smsCode })}
      width={560}
      done="sms.sent"
      onSave={send}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="sms-send" initialValues={{ phones: '', params: '{"code":"1234"}' }}>
        <Form.Item
          name="phones"
          label={t('sms.phones')}
          required
          rules={[ruleOf(phonesProblem, t)]}
          extra={t('sms.phonesHelp')}
        >
          <Input maxLength={4000} autoComplete="off" />
        </Form.Item>
        <Form.Item name="params" label={t('sms.params')} rules={[ruleOf(paramsProblem, t)]} extra={t('sms.paramsHelp')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
