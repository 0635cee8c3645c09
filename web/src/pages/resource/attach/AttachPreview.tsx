import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../components/crud/types.ts';

const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'avif']);

/** How a file can be shown in the page, by its type: the server shows these inline. */
export function previewKind(row: Row): 'image' | 'pdf' | null {
  const extension = String(row.extension ?? '').toLowerCase();
  if (IMAGES.has(extension)) return 'image';
  return extension === 'pdf' ? 'pdf' : null;
}

/**
 * An image or a PDF shown from its link (same origin: the page's policy frames it, the file's own
 * policy lets only this origin frame it and runs nothing of it in the page).
 */
export function AttachPreview({ row, onClose }: { row: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  const kind = row && previewKind(row);
  const name = String(row?.originalName ?? '');
  const link = String(row?.link ?? '');
  return (
    <Modal
      open={Boolean(row)}
      title={
        <>
          {t('attach.preview')}: <span translate="no">{name}</span>
        </>
      }
      onCancel={onClose}
      width={kind === 'pdf' ? 960 : 720}
      footer={<Button onClick={onClose}>{t('attach.close')}</Button>}
      destroyOnHidden
    >
      {kind === 'image' && (
        <img
          src={link}
          alt={name}
          style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' }}
        />
      )}
      {kind === 'pdf' && <iframe src={link} title={name} style={{ width: '100%', height: '70vh', border: 0 }} />}
    </Modal>
  );
}
