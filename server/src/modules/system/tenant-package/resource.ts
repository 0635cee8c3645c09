import type { CrudResource } from '../../../platform/crud/resource.ts';
import { tenantPackageInput } from './schema.ts';
import { assertMenusExist, assertPackagesUnused } from './service.ts';

/** Tenant packages: platform-wide menu sets that limit what a tenant's roles can be granted. */
export const tenantPackageResource: CrudResource = {
  table: 'blade_tenant_package',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    packageName: { column: 'package_name', kind: 'text' },
    menuId: { column: 'menu_id', kind: 'text', sort: false },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'createTime', direction: 'desc' }],
  input: tenantPackageInput,
  permissions: {
    // The tenant screen's package dialog lists the packages to choose from.
    read: ['tenantpackage', 'tenant_package'],
    add: 'tenantpackage_add',
    edit: 'tenantpackage_edit',
    remove: 'tenantpackage_delete',
  },
  // `select` (BladeX's, for the tenant screen's package choice): id and name only, to the same readers.
  picker: { fields: ['packageName'], permissions: [] },
  hooks: {
    beforeSave: (trx, _caller, values) => assertMenusExist(trx, values.menuId),
    beforeRemove: (trx, _caller, ids) => assertPackagesUnused(trx, ids),
  },
};
