import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { ossMessages as m } from './messages.ts';
import { hasSavedSecret } from './repository.ts';
import { OSS_CATEGORY, ossInput } from './schema.ts';

/** An S3 service's configuration must name where, which bucket and whose keys; the local disk none. */
export function requireS3Fields(values: Record<string, unknown>, hasSecret: boolean): void {
  if (values.category === OSS_CATEGORY.local) return;
  if (!values.endpoint) throw badRequest(m['oss.endpoint.required']);
  if (!values.bucketName) throw badRequest(m['oss.bucketName.required']);
  if (!values.accessKey) throw badRequest(m['oss.accessKey.required']);
  if (!hasSecret) throw badRequest(m['oss.secretKey.required']);
}

/**
 * Object storage configurations of a tenant (BladeX blade_oss). The secret key is sealed, written and
 * never read back; an update without one keeps the old. Status 2 marks the enabled one, which only
 * `oss/enable` sets.
 */
export const ossResource = (sealer: Sealer): CrudResource => ({
  table: 'blade_oss',
  tenantScoped: true,
  fields: {
    category: { column: 'category', kind: 'int' },
    ossCode: { column: 'oss_code', kind: 'text' },
    endpoint: { column: 'endpoint', kind: 'text' },
    bucketName: { column: 'bucket_name', kind: 'text' },
    accessKey: { column: 'access_key', kind: 'text' },
    secretKey: { column: 'secret_key', kind: 'text', writeOnly: true },
    region: { column: 'region', kind: 'text' },
    appId: { column: 'app_id', kind: 'text' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'createTime', direction: 'desc' }],
  input: ossInput,
  unique: [{ fields: ['ossCode'], index: 'blade_oss_code', message: m['oss.ossCode.exists'] }],
  permissions: {
    read: ['oss', 'oss_view'],
    add: 'oss_add',
    edit: 'oss_edit',
    remove: 'oss_delete',
  },
  hooks: {
    async beforeSave(trx, caller, values, existing) {
      // An update sends what changed: the rules hold for the record as it will be.
      const hasSecret =
        Boolean(values.secretKey) || (existing ? await hasSavedSecret(trx, caller, String(existing.id)) : false);
      requireS3Fields({ ...existing, ...values }, hasSecret);
      if (values.secretKey) values.secretKey = sealer.seal(String(values.secretKey));
    },
  },
});
