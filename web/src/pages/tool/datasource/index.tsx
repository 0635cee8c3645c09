import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

export const datasourceResource: CrudResource = {
  api: '/blade-develop/datasource',
  permissions: 'datasource',
  fields: [
    { name: 'name', label: 'datasource.name', search: true, required: true },
    { name: 'driverClass', label: 'datasource.driverClass', required: true, initial: 'org.postgresql.Driver' },
    { name: 'url', label: 'datasource.url', required: true, wide: true },
    { name: 'username', label: 'datasource.username', required: true },
    {
      name: 'password',
      label: 'datasource.password',
      type: 'password',
      required: true,
      keepOnEdit: true,
      column: false,
      help: 'datasource.passwordHelp',
    },
    { name: 'remark', label: 'datasource.remark', type: 'textarea', column: false },
  ],
};

/** /tool/datasource: the databases tenants and the code generator may use. */
export default function DatasourcePage() {
  return <CrudPage resource={datasourceResource} />;
}
