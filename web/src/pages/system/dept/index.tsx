import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

export const deptResource: CrudResource = {
  api: '/blade-system/dept',
  permissions: 'dept',
  mode: 'lazy',
  fields: [
    {
      name: 'deptName',
      max: 45,
      label: 'dept.deptName',
      search: true,
      required: true,
      rules: [{ max: 45, message: 'dept.tooLong45' }],
    },
    {
      name: 'fullName',
      max: 45,
      label: 'dept.fullName',
      search: true,
      rules: [{ max: 45, message: 'dept.tooLong45' }],
    },
    {
      name: 'parentId',
      label: 'dept.parentId',
      type: 'tree-select',
      options: { tree: '/blade-system/dept/tree' },
      emptyValue: '0',
      column: false,
      help: 'dept.parentHelp',
    },
    {
      name: 'deptCategory',
      label: 'dept.deptCategory',
      type: 'select',
      options: { dict: 'org_category' },
      search: true,
      required: true,
    },
    { name: 'sort', label: 'dept.sort', type: 'number', required: true, initial: 1 },
    {
      name: 'remark',
      max: 255,
      label: 'dept.remark',
      type: 'textarea',
      column: false,
      rules: [{ max: 255, message: 'dept.tooLong255' }],
    },
  ],
  rowActions: [
    { label: 'dept.addChild', permission: 'dept_add', onClick: (row, ctx) => ctx.add({ parentId: row.id }) },
  ],
};

/** /system/dept: the tenant's depts as a tree read level by level; a row adds a dept below it. */
export default function DeptPage() {
  return <CrudPage resource={deptResource} />;
}
