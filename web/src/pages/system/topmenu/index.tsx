import { useMemo, useState } from 'react';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, FieldSpec } from '../../../components/crud/types.ts';
import { TopMenuGrantDialog } from './GrantDialog.tsx';

const fields: readonly FieldSpec[] = [
  { name: 'name', label: 'topmenu.name', search: true, required: true },
  { name: 'source', label: 'topmenu.source' },
  { name: 'code', label: 'topmenu.code', search: true, required: true },
  { name: 'sort', label: 'topmenu.sort', type: 'number', required: true, sortable: true, initial: 1 },
];

/** /system/topmenu: the tenant's top menus, and which menus each shows. */
export default function TopMenuPage() {
  const [granting, setGranting] = useState<string[] | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      api: '/blade-system/topmenu',
      permissions: 'topmenu',
      listPath: 'list',
      fields,
      toolbar: [
        {
          label: 'topmenu.grant',
          permission: 'topmenu_setting',
          needsSelection: true,
          onClick: ({ selected }) => setGranting(selected.map((r) => String(r.id))),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {granting && <TopMenuGrantDialog topMenuIds={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
