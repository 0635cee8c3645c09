import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/oss.ts';

/**
 * The face photo of the personal info form (a form control holding the photo's link): the current
 * photo, and an upload to the object storage whose link becomes the new value.
 */
export function FacePhotoField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (link: string) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <Space size="middle">
      <Avatar shape="square" size={96} src={value || undefined} alt={t('info.facePhoto')} icon={<UserOutlined />} />
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
          {t('info.uploadPhoto')}
        </Button>
      </Upload>
    </Space>
  );
}
