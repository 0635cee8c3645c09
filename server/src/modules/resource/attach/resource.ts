import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { resourceMessages as m } from '../messages.ts';
import type { StoreResolver } from '../oss/stores.ts';
import { attachKeys } from './repository.ts';
import { attachInput } from './schema.ts';

/**
 * Attachments of a tenant (BladeX blade_attach): rows are made by uploads only; removing one removes
 * its stored file once the removal is committed.
 */
export const attachResource = (stores: StoreResolver, tenantDb: TenantDb): CrudResource => ({
  table: 'blade_attach',
  tenantScoped: true,
  fields: {
    link: { column: 'link', kind: 'text' },
    domain: { column: 'domain', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    originalName: { column: 'original_name', kind: 'text' },
    extension: { column: 'extension', kind: 'text' },
    attachSize: { column: 'attach_size', kind: 'number' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'createTime', direction: 'desc' }],
  input: attachInput,
  // The seed's attach menu has upload, download, delete and view buttons; renaming goes with upload.
  permissions: {
    read: ['attach', 'attach_view'],
    add: 'attach_upload',
    edit: 'attach_upload',
    remove: 'attach_delete',
  },
  hooks: {
    async beforeSave(_trx, _caller, _values, existing) {
      if (!existing) throw badRequest(m['resource.attach.uploadOnly']);
    },
    async afterRemove(caller, ids) {
      const files = await tenantDb.inTenant(caller.tenantId, (trx) => attachKeys(trx, caller.tenantId, ids));
      // Only keys in the caller's own folder, whatever a row says; each from the store it was written to.
      const own = files.filter(({ key }) => key.startsWith(`${caller.tenantId}/`));
      await Promise.all(own.map(async ({ key, ossId }) => (await stores.byId(caller.tenantId, ossId)).remove(key)));
    },
  },
});
