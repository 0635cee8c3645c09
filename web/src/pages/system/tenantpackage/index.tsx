import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

export const tenantPackageResource: CrudResource = {
  api: '/blade-system/tenant-package',
  listPath: 'list',
  permissions: 'tenantpackage',
  // spec §2: add, edit and delete, no view button
  view: false,
  fields: [
    {
      name: 'packageName',
      label: 'tenantPackage.packageName',
      search: true,
      required: 'tenantPackage.packageNameRequired',
    },
    {
      name: 'menuId',
      label: 'tenantPackage.menuId',
      type: 'tree-select',
      multiple: true,
      // The buttons too: a package grants the buttons it holds (those of its menus unless some are chosen).
      options: { tree: '/blade-system/menu/tree', params: { buttons: 'true' } },
      required: 'tenantPackage.menuIdRequired',
      column: false,
      wide: true,
    },
    { name: 'remark', label: 'tenantPackage.remark', type: 'textarea' },
  ],
};

/** /system/tenantpackage: which menus a tenant may hold, sent comma-joined. */
export default function TenantPackagePage() {
  return <CrudPage resource={tenantPackageResource} />;
}
