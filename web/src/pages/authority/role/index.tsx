import { useMemo, useState } from 'react';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, Row } from '../../../components/crud/types.ts';
import { GrantDialog } from './GrantDialog.tsx';

const ROLE_TREE = { tree: '/blade-system/role/tree' } as const;

/** The role fields (BladeX Role); `role/list` answers the whole tree. */
const roleBase: CrudResource = {
  api: '/blade-system/role',
  permissions: 'role',
  mode: 'tree',
  fields: [
    {
      name: 'roleName',
      label: 'role.roleName',
      search: true,
      required: true,
      rules: [{ max: 255, message: 'role.tooLong' }],
    },
    {
      name: 'roleAlias',
      label: 'role.roleAlias',
      search: true,
      required: true,
      rules: [{ max: 255, message: 'role.tooLong' }],
    },
    {
      name: 'parentId',
      label: 'role.parentId',
      type: 'tree-select',
      options: ROLE_TREE,
      emptyValue: '0',
      column: false,
      help: 'role.parentHelp',
    },
    { name: 'sort', label: 'role.sort', type: 'number', required: true, initial: 1 },
  ],
};

/** /authority/role: the tenant's roles as a tree, and what each may use (the grant dialog). */
export default function RolePage() {
  const [granting, setGranting] = useState<Row[] | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...roleBase,
      toolbar: [
        {
          label: 'role.grant',
          permission: 'role_grant',
          needsSelection: true,
          onClick: (ctx) => setGranting(ctx.selected),
        },
      ],
      rowActions: [{ label: 'role.grant', permission: 'role_grant', onClick: (row) => setGranting([row]) }],
    }),
    [],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {granting && <GrantDialog roles={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
