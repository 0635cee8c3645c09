import type { CrudResource } from '../../../platform/crud/resource.ts';
import { tenantInput } from './schema.ts';

/**
 * Tenants: platform-wide rows managed by the platform tenant. The factory serves list, page and
 * detail; submit and remove are the service's (creation builds the tenant's organisation, removal
 * disables its users).
 */
export const tenantResource: CrudResource = {
  table: 'blade_tenant',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    tenantId: { column: 'tenant_id', kind: 'text' },
    tenantName: { column: 'tenant_name', kind: 'text' },
    domain: { column: 'domain', kind: 'text' },
    backgroundUrl: { column: 'background_url', kind: 'text' },
    linkman: { column: 'linkman', kind: 'text' },
    contactNumber: { column: 'contact_number', kind: 'text' },
    address: { column: 'address', kind: 'text' },
    accountNumber: { column: 'account_number', kind: 'int' },
    expireTime: { column: 'expire_time', kind: 'date' },
    packageId: { column: 'package_id', kind: 'id' },
    datasourceId: { column: 'datasource_id', kind: 'id' },
    // 1: guests may register in this tenant (issue 16); never the platform tenant
    guestRegistration: { column: 'guest_registration', kind: 'int' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'tenantId', direction: 'asc' }],
  input: tenantInput,
  permissions: {
    read: ['tenant', 'tenant_view'],
    add: 'tenant_add',
    edit: 'tenant_edit',
    remove: 'tenant_delete',
  },
};
