import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { smsMessages as m } from './messages.ts';
import { providerName, SMS_CATEGORY } from './providers/index.ts';
import { smsInput } from './schema.ts';

/** What each provider cannot send without, beyond the template and the secret every one needs. */
function checkProviderFields(values: Record<string, unknown>): void {
  const category = Number(values.category);
  const has = (field: string) => typeof values[field] === 'string' && (values[field] as string).trim() !== '';
  const provider = providerName(category);
  if ([SMS_CATEGORY.aliyun, SMS_CATEGORY.tencent, SMS_CATEGORY.qiniu].includes(category as 2 | 3 | 4)) {
    if (!has('accessKey')) throw badRequest(m['sms.accessKey.required'], { provider });
  }
  if (category === SMS_CATEGORY.aliyun || category === SMS_CATEGORY.tencent) {
    if (!has('signName')) throw badRequest(m['sms.signName.required'], { provider });
  }
  if (category === SMS_CATEGORY.tencent && !has('appId')) throw badRequest(m['sms.appId.required']);
}

/**
 * SMS configurations of a tenant (BladeX blade_sms). The secret key is sealed, written and never
 * read back; an update without one keeps the old. `status` 2 marks the enabled one, changed only by
 * `enable` (repository.ts).
 */
export const smsResource = (sealer: Sealer): CrudResource => ({
  table: 'blade_sms',
  tenantScoped: true,
  fields: {
    category: { column: 'category', kind: 'int' },
    smsCode: { column: 'sms_code', kind: 'text' },
    templateId: { column: 'template_id', kind: 'text' },
    accessKey: { column: 'access_key', kind: 'text', filter: false, sort: false },
    secretKey: { column: 'secret_key', kind: 'text', writeOnly: true },
    regionId: { column: 'region_id', kind: 'text' },
    signName: { column: 'sign_name', kind: 'text' },
    appId: { column: 'app_id', kind: 'text' },
    endpoint: { column: 'endpoint', kind: 'text' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'createTime', direction: 'desc' }],
  input: smsInput,
  unique: [{ fields: ['smsCode'], index: 'blade_sms_code', message: m['sms.smsCode.exists'] }],
  permissions: {
    read: ['sms', 'sms_view'],
    add: 'sms_add',
    edit: 'sms_edit',
    remove: 'sms_delete',
  },
  hooks: {
    async beforeSave(_trx, _caller, values, existing) {
      if (!existing && !values.secretKey) throw badRequest(m['sms.secretKey.required']);
      checkProviderFields({ ...existing, ...values });
      if (values.secretKey) values.secretKey = sealer.seal(String(values.secretKey));
      if (values.endpoint === '') values.endpoint = null;
    },
  },
});
