import { App, Button, Modal, Progress, Typography } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import { saveFile } from '../../app/save-file.ts';
import type { Row } from '../crud/types.ts';

/** Bytes as a person reads them: 1.5 MB, 320 KB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface Download {
  received: number;
  total: number | null;
}

/**
 * A file the server writes while it is read (an export of many lines): `start` downloads it with
 * a dialog showing the bytes received, which can stop it; the file is saved when complete.
 */
export function useExport(
  /** The dialog's title (a message key): the warehouse's line exports by default. */
  title = 'warehouse.export.title',
): { start(url: string, params: Row, fileName: string): void; element: ReactNode } {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [download, setDownload] = useState<Download | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    (url: string, params: Row, fileName: string) => {
      const abort = new AbortController();
      controller.current = abort;
      setDownload({ received: 0, total: null });
      http<Blob>({
        url,
        params,
        responseType: 'blob',
        signal: abort.signal,
        onProgress: (received, total) => setDownload({ received, total }),
      })
        .then((blob) => {
          saveFile(blob, fileName);
          void message.success(t('warehouse.export.done'));
        })
        // a failure has shown its message already; a stop needs none
        .catch(() => undefined)
        .finally(() => {
          if (controller.current === abort) setDownload(null);
        });
    },
    [t, message],
  );
  const stop = () => {
    controller.current?.abort();
    controller.current = null;
    setDownload(null);
  };

  const percent = download?.total ? Math.round((download.received / download.total) * 100) : undefined;
  const element = download && (
    <Modal
      open
      title={t(title)}
      closable={false}
      mask={{ closable: false }}
      footer={<Button onClick={stop}>{t('warehouse.export.stop')}</Button>}
    >
      {/* The server streams without a length: an active bar, and the bytes so far. */}
      <Progress percent={percent ?? 100} status="active" showInfo={percent !== undefined} />
      <Typography.Text data-testid="export-received">
        {t('warehouse.export.received', { size: formatBytes(download.received) })}
      </Typography.Text>
    </Modal>
  );
  return { start, element };
}
