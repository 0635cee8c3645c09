import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The camera's fallback: a photo from the device's files (or, on a tablet, its own camera app). */
export function UploadButton({ onPhoto, primary }: { onPhoto: (photo: Blob) => void; primary?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="user"
        hidden
        data-testid="kiosk-upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file again is a new attempt
          if (file) onPhoto(file);
        }}
      />
      <Button
        size="large"
        type={primary ? 'primary' : 'default'}
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
      >
        {t('kiosk.capture.upload')}
      </Button>
    </>
  );
}
