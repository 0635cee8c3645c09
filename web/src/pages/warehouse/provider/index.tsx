import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { personName, statusField } from '../../../components/warehouse/fields.tsx';

/** /warehouse/provider: the suppliers who refuel the devices. */
export const providerResource: CrudResource = {
  api: '/warehouse/provider',
  permissions: 'provider',
  fields: [
    { name: 'code', label: 'provider.code', search: true, required: true, sortable: true },
    { name: 'name', label: 'provider.name', search: true, required: true },
    { name: 'contactName', label: 'provider.contactName', search: true, render: personName },
    { name: 'phone', label: 'provider.phone' },
    { name: 'email', label: 'provider.email', rules: [{ type: 'email', message: 'provider.emailInvalid' }] },
    { name: 'address', label: 'provider.address', wide: true, column: false },
    { name: 'taxNo', label: 'provider.taxNo', column: false },
    { name: 'bankName', label: 'provider.bankName', column: false },
    { name: 'bankAccount', label: 'provider.bankAccount', column: false },
    statusField(),
    { name: 'remark', label: 'warehouse.remark', type: 'textarea', column: false },
  ],
};

/** /warehouse/provider */
export default function ProviderPage() {
  return <CrudPage resource={providerResource} />;
}
