import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { personName, statusField } from '../../../components/warehouse/fields.tsx';

/** /warehouse/provider: the suppliers who refuel the devices. */
export const providerResource: CrudResource = {
  api: '/warehouse/provider',
  permissions: 'provider',
  fields: [
    { name: 'code', max: 64, label: 'provider.code', search: true, required: true, sortable: true },
    { name: 'name', max: 200, label: 'provider.name', search: true, required: true },
    { name: 'contactName', max: 64, label: 'provider.contactName', search: true, render: personName },
    { name: 'phone', max: 32, label: 'provider.phone' },
    { name: 'email', max: 128, label: 'provider.email', rules: [{ type: 'email', message: 'provider.emailInvalid' }] },
    { name: 'address', max: 255, label: 'provider.address', wide: true, column: false },
    { name: 'taxNo', max: 64, label: 'provider.taxNo', column: false },
    { name: 'bankName', max: 128, label: 'provider.bankName', column: false },
    { name: 'bankAccount', max: 64, label: 'provider.bankAccount', column: false },
    statusField(),
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
  ],
};

/** /warehouse/provider */
export default function ProviderPage() {
  return <CrudPage resource={providerResource} />;
}
