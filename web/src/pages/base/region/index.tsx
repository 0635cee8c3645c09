import { useMemo, useState } from 'react';
import { getData, postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudResource, Row } from '../../../components/crud/types.ts';
import { ImportDialog } from '../../../components/excel/ImportDialog.tsx';
import { useExport } from '../../../components/warehouse/use-export.tsx';

const API = '/blade-system/region';

/** Regions are keyed by their code: `submit` upserts by code, `detail` and `remove` take one code. */
export const regionResource: CrudResource = {
  api: API,
  permissions: 'region',
  mode: 'lazy',
  fields: [
    { name: 'parentCode', label: 'region.parentCode', column: false, help: 'region.parentCodeHelp' },
    {
      name: 'code',
      label: 'region.code',
      search: true,
      required: true,
      lockOnEdit: true,
      rules: [{ pattern: /^\d{1,12}$/, message: 'region.codeFormat' }],
    },
    { name: 'name', max: 32, label: 'region.name', search: true, required: true },
    // The server places a region by its parent chain: the level is shown, never sent.
    {
      name: 'regionLevel',
      label: 'region.regionLevel',
      type: 'select',
      options: { dict: 'region' },
      form: 'edit',
      lockOnEdit: true,
    },
    { name: 'sort', label: 'region.sort', type: 'number', initial: 1 },
    { name: 'remark', max: 255, label: 'region.remark', type: 'textarea', column: false },
  ],
  // A province's parent is the root 00, which the form shows as no parent.
  fromRecord: (record) => ({ ...record, parentCode: record.parentCode === '00' ? undefined : record.parentCode }),
  calls: {
    // The list names the parent by code; without one it answers the provinces (or, searching, every level).
    list: ({ parentId, ...query }) =>
      getData(`${API}/lazy-list`, { ...query, parentCode: parentId === 0 ? undefined : parentId }),
    detail: (code) => getData<Row>(`${API}/detail`, { code }),
    // One code per call; sub-regions have longer codes, so they go before their parents.
    remove: async (codes) => {
      for (const id of [...codes].sort((a, b) => b.length - a.length)) await postAction(`${API}/remove`, { id });
    },
  },
  rowActions: [
    {
      label: 'region.addChild',
      permission: 'region_add',
      onClick: (row, ctx) => ctx.add({ parentCode: String(row.code) }),
    },
  ],
};

/** /base/region: the lazy tree, and BladeX's import (with the template) and export of the regions the search selects. */
export default function RegionPage() {
  const exporter = useExport('excel.exportTitle');
  const [importing, setImporting] = useState<CrudContext | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...regionResource,
      toolbar: [
        { label: 'excel.import', permission: 'region_import', onClick: setImporting },
        {
          label: 'excel.export',
          permission: 'region_export',
          onClick: ({ filters }) => exporter.start(`${API}/export-region`, filters, 'regions.xlsx'),
        },
      ],
    }),
    [exporter.start],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {exporter.element}
      {importing && (
        <ImportDialog
          url={`${API}/import-region`}
          templateUrl={`${API}/export-template`}
          templateName="region-template.xlsx"
          onDone={importing.reload}
          onClose={() => setImporting(null)}
        />
      )}
    </>
  );
}
