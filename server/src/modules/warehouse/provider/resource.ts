import type { CrudResource } from '../../../platform/crud/resource.ts';
import { pickedBy, readCodes } from '../access.ts';
import { providerMessages as m } from './messages.ts';
import { providerInput } from './schema.ts';

/** Providers (suppliers) of a tenant: who refuels the devices. */
export const providerResource: CrudResource = {
  table: 'wh_provider',
  tenantScoped: true,
  fields: {
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    contactName: { column: 'contact_name', kind: 'text' },
    phone: { column: 'phone', kind: 'text' },
    email: { column: 'email', kind: 'text' },
    address: { column: 'address', kind: 'text' },
    taxNo: { column: 'tax_no', kind: 'text' },
    bankName: { column: 'bank_name', kind: 'text' },
    bankAccount: { column: 'bank_account', kind: 'text' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'code', direction: 'asc' }],
  input: providerInput,
  unique: [{ fields: ['code'], index: 'wh_provider_code', message: m['warehouse.provider.code.exists'] }],
  picker: pickedBy(['code', 'name']),
  references: {
    label: 'name',
    by: [
      { table: 'wh_refuel', column: 'provider_id', what: 'refs.refuel' },
      { table: 'wh_material_code', column: 'default_provider_id', what: 'refs.material' },
    ],
  },
  permissions: {
    read: readCodes('provider'),
    add: 'provider_add',
    edit: 'provider_edit',
    remove: 'provider_delete',
  },
};
