import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { Panel } from './Panel.tsx';

/** Pairing: an administrator enters the device's kiosk key; it is checked with the server before it is kept. */
export function PairScreen({
  error,
  onPair,
}: {
  error?: string;
  /** The key, and the language shown now: the kiosk's own, to which it returns for each next person. */
  onPair: (key: string, language: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [refusal, setRefusal] = useState(error);
  const [busy, setBusy] = useState(false);
  const submit = async ({ key }: { key: string }) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await onPair(key.trim(), i18n.language);
    } catch (failure) {
      setRefusal(failure instanceof HttpError && failure.code !== 0 ? failure.message : t('kiosk.failure.offline'));
      setBusy(false);
    }
  };
  return (
    <Panel icon={<LinkOutlined />} title={t('kiosk.pair.title')} hint={t('kiosk.pair.hint')}>
      <Form layout="vertical" onFinish={submit} style={{ width: 'min(640px, 90vw)' }} requiredMark={false}>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 24, textAlign: 'left' }} />}
        <Form.Item
          name="key"
          label={t('kiosk.pair.key')}
          rules={[{ required: true, whitespace: true, message: t('kiosk.pair.required') }]}
        >
          <Input.Password size="large" autoComplete="off" />
        </Form.Item>
        <Button type="primary" size="large" htmlType="submit" loading={busy} block>
          {t('kiosk.pair.submit')}
        </Button>
      </Form>
    </Panel>
  );
}
