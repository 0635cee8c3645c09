import { useState } from 'react';
import { getData, postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, FieldSpec, Row } from '../../../components/crud/types.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { MoveProgress } from './MoveProgress.tsx';

const API = '/blade-system/tenant';

const quotaFields: FieldSpec[] = [
  { name: 'accountNumber', label: 'tenant.accountNumber', type: 'number', help: 'tenant.accountNumberHelp' },
  { name: 'expireTime', label: 'tenant.expireTime', type: 'datetime', help: 'tenant.expireTimeHelp' },
];

export const tenantResource: CrudResource = {
  api: API,
  permissions: 'tenant',
  fields: [
    { name: 'tenantId', label: 'tenant.tenantId', search: true, form: 'edit', lockOnEdit: true, width: 110 },
    { name: 'tenantName', max: 50, label: 'tenant.tenantName', search: true, required: 'tenant.tenantNameRequired' },
    { name: 'linkman', max: 20, label: 'tenant.linkman', search: true },
    { name: 'contactNumber', max: 20, label: 'tenant.contactNumber' },
    { name: 'address', max: 255, label: 'tenant.address', column: false, wide: true },
    { name: 'domain', max: 255, label: 'tenant.domain', column: false },
    { name: 'backgroundUrl', max: 1000, label: 'tenant.backgroundUrl', column: false },
    ...quotaFields.map((f) => ({ ...f, help: undefined })),
    {
      name: 'guestRegistration',
      label: 'tenant.guestRegistration',
      type: 'switch',
      column: false,
      help: 'tenant.guestRegistrationHelp',
    },
    // The tenant's admin signs in with what is typed here, so the screen never hides the password.
    {
      name: 'adminPassword',
      label: 'tenant.adminPassword',
      type: 'password',
      form: 'add',
      column: false,
      required: true,
      help: 'tenant.adminPasswordHelp',
      rules: [{ min: 6, max: 20, message: 'tenant.adminPasswordLength' }],
    },
  ],
};

const adminPasswordFields: FieldSpec[] = [
  { ...tenantResource.fields.find((f) => f.name === 'adminPassword')!, form: true, name: 'password' },
  {
    name: 'confirm',
    label: 'tenant.adminPasswordConfirm',
    type: 'password',
    required: true,
    confirms: { field: 'password', message: 'tenant.adminPasswordMismatch' },
  },
];

/** /system/tenant: tenants, their quota and expiry, datasource and package (platform administrators only). */
export default function TenantPage() {
  const dialog = useFormDialog();
  // the tenant whose data is moving to the datasource just chosen, and the list to reload after
  const [moving, setMoving] = useState<{ tenantId: string; reload: () => void } | null>(null);
  const resource: CrudResource = {
    ...tenantResource,
    toolbar: [
      {
        label: 'tenant.setting',
        permission: 'tenant_setting',
        needsSelection: true,
        onClick: ({ selected, reload }) =>
          dialog.open({
            title: 'tenant.setting',
            fields: quotaFields,
            submit: (v) =>
              postAction(`${API}/setting`, { ids: selected.map((r) => r.id).join(','), ...v }).then(reload),
          }),
      },
    ],
    rowActions: [
      {
        label: 'tenant.datasource',
        permission: 'tenant_datasource',
        onClick: (row, { reload }) =>
          dialog.open({
            title: 'tenant.datasource',
            fields: [datasourceField],
            initial: { datasourceId: row.datasourceId ? String(row.datasourceId) : MAIN_DATABASE },
            submit: (v) =>
              postAction(`${API}/datasource`, { tenantId: row.tenantId, ...v }).then(() =>
                setMoving({ tenantId: String(row.tenantId), reload }),
              ),
          }),
      },
      {
        label: 'tenant.adminPasswordReset',
        permission: 'tenant_edit',
        onClick: (row) =>
          dialog.open({
            title: 'tenant.adminPasswordReset',
            fields: adminPasswordFields,
            submit: (v) => postAction(`${API}/admin-password`, {}, { tenantId: row.tenantId, password: v.password }),
          }),
      },
      {
        label: 'tenant.package',
        permission: 'tenant_package',
        onClick: (row, { reload }) => void openPackage(row, reload),
      },
    ],
  };

  const openPackage = async (row: Row, reload: () => void) => {
    const current = await getData<Row | null>(`${API}/package-detail`, { tenantId: row.tenantId });
    dialog.open({
      title: 'tenant.package',
      fields: [packageField],
      initial: { packageId: current?.id ? String(current.id) : undefined },
      submit: (v) => postAction(`${API}/package-setting`, { tenantId: row.tenantId, ...v }).then(reload),
    });
  };

  return (
    <>
      <CrudPage resource={resource} />
      {dialog.element}
      {moving && (
        <MoveProgress
          tenantId={moving.tenantId}
          onClose={() => {
            moving.reload();
            setMoving(null);
          }}
        />
      )}
    </>
  );
}

/** The datasource id that names the main database: choosing it moves the tenant's data back there. */
const MAIN_DATABASE = '0';

const datasourceField: FieldSpec = {
  name: 'datasourceId',
  label: 'tenant.datasourceId',
  type: 'select',
  required: 'tenant.datasourceRequired',
  help: 'tenant.datasourceHelp',
  options: {
    url: '/blade-develop/datasource/select',
    label: 'name',
    value: 'id',
    first: [{ label: 'tenant.move.mainDatabase', value: MAIN_DATABASE }],
  },
};

const packageField: FieldSpec = {
  name: 'packageId',
  label: 'tenant.packageId',
  type: 'select',
  required: 'tenant.packageRequired',
  options: { url: '/blade-system/tenant-package/list', label: 'packageName', value: 'id' },
};
