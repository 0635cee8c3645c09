import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFileAttach } from '../../../api/attach.ts';
import { HttpError } from '../../../api/http.ts';

interface Sending {
  uid: string;
  name: string;
  percent: number;
}

/**
 * The upload button: each chosen file goes to put-file-attach through the app's HTTP client, its
 * progress shown as a bar until it is stored; `onUploaded` then refreshes the list.
 */
export function AttachUpload({ onUploaded }: { onUploaded(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState<Sending[]>([]);
  const update = (uid: string, change: Partial<Sending> | null) =>
    setSending((all) =>
      change === null ? all.filter((s) => s.uid !== uid) : all.map((s) => (s.uid === uid ? { ...s, ...change } : s)),
    );
  return (
    <Space orientation="vertical" size={4}>
      <Upload
        multiple
        showUploadList={false}
        customRequest={({ file }) => {
          const blob = file as File & { uid: string };
          setSending((all) => [...all, { uid: blob.uid, name: blob.name, percent: 0 }]);
          putFileAttach(blob, (sent, total) =>
            update(blob.uid, { percent: total ? Math.floor((sent / total) * 100) : 0 }),
          )
            .then(() => {
              void message.success(
                <>
                  <span translate="no">{blob.name}</span> {t('attach.uploaded')}
                </>,
              );
              onUploaded();
            })
            // The HTTP client has shown the server's refusal; a connection lost on the way it shows nowhere.
            .catch((error: unknown) => {
              if (error instanceof HttpError && error.code === 0)
                void message.error(
                  <>
                    <span translate="no">{blob.name}</span> {t('attach.failed')}
                  </>,
                );
            })
            .finally(() => update(blob.uid, null));
        }}
      >
        <Button type="primary" icon={<UploadOutlined />}>
          {t('attach.upload')}
        </Button>
      </Upload>
      {sending.map((s) => (
        <UploadProgress key={s.uid} name={s.name} percent={s.percent} />
      ))}
    </Space>
  );
}

/** One file's bar, named by the line above it (the file's name is data, in any language). */
function UploadProgress({ name, percent }: { name: string; percent: number }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div style={{ minWidth: 240 }}>
      <Typography.Text type="secondary" id={id}>
        {t('attach.uploading')} <span translate="no">{name}</span>
      </Typography.Text>
      <Progress percent={percent} size="small" aria-labelledby={id} />
    </div>
  );
}
