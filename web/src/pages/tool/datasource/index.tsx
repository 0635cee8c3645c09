import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

export const datasourceResource: CrudResource = {
  api: '/blade-develop/datasource',
  permissions: 'datasource',
  fields: [
    { name: 'name', max: 100, label: 'datasource.name', search: true, required: true },
    {
      name: 'driverClass',
      max: 100,
      label: 'datasource.driverClass',
      required: true,
      initial: 'org.postgresql.Driver',
    },
    { name: 'url', max: 500, label: 'datasource.url', required: true, wide: true },
    { name: 'username', max: 45, label: 'datasource.username', required: true },
    {
      name: 'password',
      max: 500,
      label: 'datasource.password',
      type: 'password',
      required: true,
      keepOnEdit: true,
      column: false,
      help: 'datasource.passwordHelp',
    },
    { name: 'remark', max: 255, label: 'datasource.remark', type: 'textarea', column: false },
  ],
};

/** /tool/datasource: the databases tenants and the code generator may use. */
export default function DatasourcePage() {
  return <CrudPage resource={datasourceResource} />;
}
