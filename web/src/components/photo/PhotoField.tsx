import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/oss.ts';

/**
 * A photo as a form control holding its link (the personal info's face photo, a face image): the
 * current photo, and an upload to the object storage whose link becomes the new value.
 */
export function PhotoField({
  id,
  value,
  onChange,
  disabled,
  alt,
}: {
  id?: string;
  value?: unknown;
  onChange?: (link: string) => void;
  disabled?: boolean;
  /** The picture's accessible name; a plain "photo" by default. */
  alt?: string;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const link = typeof value === 'string' && value ? value : undefined;
  return (
    <Space size="middle">
      <Avatar shape="square" size={96} src={link} alt={alt ?? t('photo.alt')} icon={<UserOutlined />} />
      {!disabled && (
        <Upload
          id={id}
          accept="image/*"
          showUploadList={false}
          customRequest={({ file }) => {
            setUploading(true);
            putFile(file as Blob)
              // the HTTP client has shown a refusal
              .then(
                (stored) => onChange?.(stored.link),
                () => undefined,
              )
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('photo.upload')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
