import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { assertUnbound, checkSubmitted } from './connection.ts';
import { datasourceMessages as m } from './messages.ts';
import { datasourceInput } from './schema.ts';

/**
 * Datasources (BladeX blade_datasource): platform-wide, the platform tenant's to manage. The
 * password is sealed, written and never read back; an update without one keeps the old. What is
 * submitted must connect (connection.ts): a datasource serves the code generator and tenants' data.
 */
export const datasourceResource = (sealer: Sealer): CrudResource => ({
  table: 'blade_datasource',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    name: { column: 'name', kind: 'text' },
    driverClass: { column: 'driver_class', kind: 'text' },
    url: { column: 'url', kind: 'text' },
    username: { column: 'username', kind: 'text' },
    password: { column: 'password', kind: 'text', writeOnly: true },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  input: datasourceInput,
  unique: [{ fields: ['name'], index: 'blade_datasource_name', message: m['datasource.name.exists'] }],
  permissions: {
    read: ['datasource', 'datasource_view'],
    add: 'datasource_add',
    edit: 'datasource_edit',
    remove: 'datasource_delete',
  },
  hooks: {
    beforeRemove: (trx, _caller, ids) => assertUnbound(trx, ids),
    prepare: async (request, values, id) => {
      await checkSubmitted(request.server.platform.db, sealer, values, id);
      return {};
    },
    async beforeSave(trx, _caller, values, existing) {
      if (!existing && !values.password) throw badRequest(m['datasource.password.required']);
      const moves = (field: 'url' | 'username') => values[field] !== undefined && values[field] !== existing?.[field];
      if (existing && (moves('url') || moves('username'))) await assertUnbound(trx, [String(existing.id)]);
      if (values.password) values.password = sealer.seal(String(values.password));
    },
  },
});
