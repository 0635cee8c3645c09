import { type SqlBool, sql } from 'kysely';
import { containsFilter } from '../../../platform/crud/contains-filter.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { userNames } from '../../user/queries.ts';
import { resourceMessages as m } from '../messages.ts';
import type { StoreResolver } from '../oss/stores.ts';
import { attachObjects } from './repository.ts';
import { attachInput } from './schema.ts';
import { removeStoredObject } from './store.ts';

/**
 * Attachments of a tenant (BladeX blade_attach): rows are made by uploads only; removing one removes
 * its stored file once the removal is committed. Lists answer the uploader's name beside the id.
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
  // The screen searches a part of a name, and a type however it is typed (`PNG`, `.png`).
  queryFilters: {
    // Through its trigram index (migration 0025): a part of a name read every attachment of the tenant.
    originalName: containsFilter('blade_attach', 'original_name'),
    extension: {
      kind: 'text',
      where: (_eb, value) => sql<SqlBool>`blade_attach.extension = ${value.replace(/^\./, '').toLowerCase()}`,
    },
  },
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
    async decorate(trx, caller, records) {
      const ids = [...new Set(records.map((r) => r.createUser).filter((id) => id != null))].map(String);
      const names = await userNames(trx, caller.tenantId, ids);
      return records.map((r) => ({ ...r, createUserName: names.get(String(r.createUser)) ?? null }));
    },
    async afterRemove(caller, ids) {
      const objects = await tenantDb.inTenant(caller.tenantId, (trx) => attachObjects(trx, caller.tenantId, ids));
      // Every object is tried; one that fails still fails the answer, so it is not taken for done.
      const results = await Promise.allSettled(objects.map((o) => removeStoredObject(stores, o)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  },
});
