import { sql } from 'kysely';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { codeMessages as m } from './messages.ts';
import { codeInput } from './schema.ts';

export const CODE_READ = ['code', 'code_view'] as const;

/**
 * Code generator records (BladeX blade_code): platform-wide, the platform tenant's to manage, as the
 * datasources they name are. Datasource 0 is the platform's own database.
 */
export const codeResource: CrudResource = {
  table: 'blade_code',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    datasourceId: { column: 'datasource_id', kind: 'id' },
    serviceName: { column: 'service_name', kind: 'text' },
    codeName: { column: 'code_name', kind: 'text' },
    tableName: { column: 'table_name', kind: 'text' },
    tablePrefix: { column: 'table_prefix', kind: 'text' },
    pkName: { column: 'pk_name', kind: 'text' },
    packageName: { column: 'package_name', kind: 'text' },
    baseMode: { column: 'base_mode', kind: 'int' },
    wrapMode: { column: 'wrap_mode', kind: 'int' },
    apiPath: { column: 'api_path', kind: 'text' },
    webPath: { column: 'web_path', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'codeName', direction: 'asc' }],
  input: codeInput,
  permissions: { read: CODE_READ, add: 'code_add', edit: 'code_edit', remove: 'code_delete' },
  hooks: {
    async beforeSave(trx, _caller, values) {
      const source = values.datasourceId;
      if (!source || source === '0') return;
      const { rows } = await sql`select 1 from blade_datasource where id = ${source} and is_deleted = 0`.execute(trx);
      if (rows.length === 0) throw badRequest(m['code.datasource.notFound']);
    },
  },
};
