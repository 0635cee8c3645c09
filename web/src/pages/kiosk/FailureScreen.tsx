import { CameraOutlined, CloseCircleTwoTone, ExclamationCircleTwoTone } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FailureReason, Retry } from './kiosk-flow.ts';
import { Panel } from './Panel.tsx';
import { UploadButton } from './UploadButton.tsx';

/**
 * A failure's own screen: what happened (the server's words when it gave some: they name the
 * material and how much is left), what to do, and the way back. Only a kiosk without a camera
 * takes an uploaded photo: where the camera works, a stored picture of someone is no way in.
 */
export function FailureScreen({
  reason,
  message,
  retry,
  onRetry,
  onHome,
  onPhoto,
}: {
  reason: FailureReason;
  message?: string;
  retry: Retry;
  onRetry: () => void;
  onHome: () => void;
  onPhoto: (photo: Blob) => void;
}) {
  const { t } = useTranslation();
  const refused = reason === 'warrantRefused' || reason === 'insufficientStock';
  if (reason === 'noCamera') return <UploadInstead onPhoto={onPhoto} onHome={onHome} />;
  return (
    <Panel
      role="alert"
      icon={
        refused ? <ExclamationCircleTwoTone twoToneColor="#faad14" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />
      }
      title={t(`kiosk.failure.${reason}`)}
      hint={
        <>
          {refused && message && (
            <span style={{ display: 'block' }} data-testid="kiosk-refusal">
              {message}
            </span>
          )}
          {t(`kiosk.hint.${reason}`)}
        </>
      }
    >
      {retry !== 'start' && (
        <Button type="primary" size="large" onClick={onRetry}>
          {t(`kiosk.retry.${retry}`)}
        </Button>
      )}
      <Button size="large" type={retry === 'start' ? 'primary' : 'default'} onClick={onHome}>
        {t('kiosk.retry.start')}
      </Button>
    </Panel>
  );
}

/**
 * A kiosk without a camera (or not allowed to use it) is no failure: the photo upload is its way
 * in, so it is offered calmly, with no red and nothing read out as an alert.
 */
function UploadInstead({ onPhoto, onHome }: { onPhoto: (photo: Blob) => void; onHome: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Panel
      icon={<CameraOutlined style={{ color: token.colorTextSecondary }} />}
      title={t('kiosk.upload.title')}
      hint={t('kiosk.upload.hint')}
    >
      <UploadButton onPhoto={onPhoto} primary />
      <Button size="large" onClick={onHome}>
        {t('kiosk.retry.start')}
      </Button>
    </Panel>
  );
}
