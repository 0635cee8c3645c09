import { SafetyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../../api/auth.ts';

/**
 * The captcha of captcha mode: the server's image and the key its answer waits under. Each answer
 * is good once, so the page reloads it after every failed sign-in.
 */
export function useCaptcha(enabled: boolean) {
  const [captcha, setCaptcha] = useState({ key: '', image: '' });
  const reload = useCallback(() => {
    if (enabled) fetchCaptcha().then(setCaptcha, () => undefined);
  }, [enabled]);
  useEffect(reload, [reload]);
  return { ...captcha, reload };
}

/** The code field beside its image (a form control: Form.Item hands it id, value and onChange); a click reloads. */
export function CaptchaInput({
  id,
  value,
  onChange,
  image,
  onReload,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  image: string;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        prefix={<SafetyOutlined />}
        autoComplete="off"
        maxLength={5}
      />
      <Button aria-label={t('login.captchaReload')} title={t('login.captchaReload')} onClick={onReload}>
        {image && <img src={image} alt={t('login.captcha')} style={{ height: 24 }} />}
      </Button>
    </Space.Compact>
  );
}
