import { CameraOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCamera } from './use-camera.ts';

/**
 * The camera's whole picture (what is sent is what is shown) with a face guide; a tap takes the
 * frame. Without a camera, `onNoCamera` (whose screen takes an upload instead).
 */
export function CaptureScreen({
  onPhoto,
  onNoCamera,
  onCancel,
}: {
  onPhoto: (photo: Blob) => void;
  onNoCamera: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { videoRef, status, snapshot } = useCamera();
  useEffect(() => {
    if (status === 'unavailable') onNoCamera();
  }, [status, onNoCamera]);
  return (
    <Flex vertical align="center" gap={24} style={{ height: '100%' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        {status === 'starting' ? t('kiosk.capture.starting') : t('kiosk.capture.title')}
      </Typography.Title>
      <div style={{ position: 'relative', flex: '1 1 0', minHeight: 0, maxWidth: '100%', aspectRatio: '4 / 3' }}>
        <video
          ref={videoRef}
          aria-label={t('kiosk.capture.video')}
          muted
          playsInline
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            borderRadius: 16,
            background: '#000',
            transform: 'scaleX(-1)', // a mirror, as people expect to see themselves
          }}
        />
        <div
          aria-hidden
          style={{
            position: 'absolute',
            inset: '12% 30%',
            border: '4px dashed rgba(255,255,255,0.8)',
            borderRadius: '50%',
          }}
        />
      </div>
      <Flex gap={24} wrap justify="center">
        <Button
          type="primary"
          size="large"
          icon={<CameraOutlined />}
          disabled={status !== 'live'}
          onClick={() => snapshot().then(onPhoto, onNoCamera)}
        >
          {t('kiosk.capture.shoot')}
        </Button>
        <Button size="large" onClick={onCancel}>
          {t('kiosk.cancel')}
        </Button>
      </Flex>
    </Flex>
  );
}
