import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/http.ts';
import { saveFile } from '../../../app/save-file.ts';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, Row } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { DatasourceSelect, PLATFORM_DB, TableSelect } from './SourceInputs.tsx';

const API = '/blade-develop/code';
const YES_NO = {
  items: [
    { label: 'code.no', value: 1 },
    { label: 'code.yes', value: 2 },
  ],
} as const;

export const codeResource: CrudResource = {
  api: API,
  // BladeX serves this list as `list` only (paged)
  listPath: 'list',
  permissions: 'code',
  fields: [
    { name: 'codeName', max: 64, label: 'code.codeName', required: true, search: true },
    { name: 'serviceName', max: 64, label: 'code.serviceName', required: true, help: 'code.serviceNameHelp' },
    {
      name: 'datasourceId',
      label: 'code.datasource',
      input: DatasourceSelect,
      initial: PLATFORM_DB,
      column: false,
    },
    { name: 'tableName', max: 63, label: 'code.tableName', input: TableSelect, required: true, search: true },
    { name: 'tablePrefix', max: 63, label: 'code.tablePrefix', help: 'code.tablePrefixHelp' },
    { name: 'pkName', max: 32, label: 'code.pkName', initial: 'id', lockOnEdit: true, column: false },
    { name: 'packageName', max: 63, label: 'code.packageName', required: true, help: 'code.packageNameHelp' },
    {
      name: 'baseMode',
      label: 'code.baseMode',
      type: 'radio',
      options: YES_NO,
      numeric: true,
      initial: '2',
      column: false,
    },
    {
      name: 'wrapMode',
      label: 'code.wrapMode',
      type: 'radio',
      options: YES_NO,
      numeric: true,
      initial: '2',
      column: false,
    },
    { name: 'apiPath', max: 2000, label: 'code.apiPath', help: 'code.apiPathHelp', wide: true, column: 'optional' },
    { name: 'webPath', max: 2000, label: 'code.webPath', help: 'code.webPathHelp', wide: true, column: 'optional' },
  ],
};

/** Downloads the files of these records as one ZIP (the server answers it; nothing is written on its disk). */
function download(ids: string[], fileName: string): Promise<void> {
  return http<Blob>({
    url: `${API}/gen-code`,
    method: 'POST',
    params: { ids: ids.join(','), system: 'saber' },
    responseType: 'blob',
  }).then((blob) => saveFile(blob, fileName));
}

/**
 * /tool/code, 代码生成: records naming a table of a datasource, and what the generator makes of each
 * (the server resource, its migration, the screen, its menu and a test), previewed, then downloaded.
 */
export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const [preview, setPreview] = useState<Row | null>(null);
  const generate = useCallback(
    (rows: Row[]) =>
      download(
        rows.map((r) => String(r.id)),
        rows.length === 1 ? `${String(rows[0]!.tableName)}.zip` : 'code.zip',
      )
        .then(() => void message.success(t('code.generated')))
        // the client has shown why
        .catch(() => undefined),
    [t, message],
  );
  const resource = useMemo<CrudResource>(
    () => ({
      ...codeResource,
      toolbar: [
        {
          label: 'code.generate',
          permission: 'code_gen',
          needsSelection: true,
          onClick: (ctx) => generate(ctx.selected),
        },
      ],
      rowActions: [
        { label: 'code.preview', permission: 'code_view', onClick: (row) => setPreview(row) },
        { label: 'code.generate', permission: 'code_gen', onClick: (row) => generate([row]) },
        {
          label: 'code.copy',
          permission: 'code_copy',
          onClick: (row, { reload }) =>
            confirm({
              content: t('code.copyConfirm', { name: row.codeName }),
              call: () => postAction(`${API}/copy`, { id: row.id }),
              after: reload,
            }),
        },
      ],
    }),
    [t, confirm, generate],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {preview && (
        <PreviewDialog id={String(preview.id)} title={String(preview.codeName)} onClose={() => setPreview(null)} />
      )}
    </>
  );
}
