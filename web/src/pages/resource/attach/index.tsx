import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { downloadLink } from '../../../api/attach.ts';
import { isEmptyAnswer } from '../../../api/wire.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import { usePermissions } from '../../../components/crud/permissions.ts';
import type { CrudResource, Row } from '../../../components/crud/types.ts';
import { formatBytes } from '../../../components/warehouse/use-export.tsx';
import { AttachPreview, previewKind } from './AttachPreview.tsx';
import { AttachUpload } from './AttachUpload.tsx';

const API = '/blade-resource/attach';

/** Saves a stored file under its original name (the server names it; the link needs no token). */
function download(row: Row): void {
  const anchor = document.createElement('a');
  anchor.href = downloadLink(String(row.link));
  anchor.download = String(row.originalName ?? '');
  anchor.click();
}

/** Attachments are made by uploads and never edited here: search, list, preview, download, remove. */
export const attachResource = (preview: (row: Row) => void): CrudResource => ({
  api: API,
  permissions: { delete: 'attach_delete' },
  view: false,
  fields: [
    { name: 'originalName', label: 'attach.originalName', search: true, form: false },
    { name: 'extension', label: 'attach.extension', search: true, form: false },
    {
      name: 'attachSize',
      label: 'attach.attachSize',
      form: false,
      sortable: true,
      render: (value) => (isEmptyAnswer(value) ? '' : formatBytes(Number(value))),
    },
    {
      name: 'link',
      label: 'attach.link',
      form: false,
      render: (value) => (
        <Typography.Link
          href={String(value)}
          target="_blank"
          rel="noopener noreferrer"
          ellipsis
          style={{ maxWidth: 240 }}
        >
          {String(value)}
        </Typography.Link>
      ),
    },
    {
      name: 'createUserName',
      label: 'attach.createUserName',
      form: false,
      render: (value) => <span translate="no">{value ? String(value) : ''}</span>,
    },
    { name: 'createTime', label: 'attach.createTime', type: 'datetime', form: false, sortable: true },
  ],
  rowActions: [
    {
      label: 'attach.preview',
      permission: 'attach_view',
      visible: (row) => previewKind(row) !== null,
      onClick: preview,
    },
    { label: 'attach.download', permission: 'attach_download', onClick: download },
  ],
});

/** /resource/attach */
export default function AttachPage() {
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const resource = useMemo(() => attachResource(setPreviewing), []);
  const can = usePermissions(resource.permissions);
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['crud', API] });
  return (
    <>
      <CrudPage resource={resource} extra={can.has('attach_upload') && <AttachUpload onUploaded={reload} />} />
      <AttachPreview row={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
