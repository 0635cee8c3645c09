import { App } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../app/i18n.ts';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudResource } from '../../../components/crud/types.ts';
import {
  deviceField,
  materialField,
  materialTypeField,
  personField,
  StateTag,
} from '../../../components/warehouse/fields.tsx';

const API = '/warehouse/warrant';

/** A day may not allow more than its month (the server refuses it too). */
const dayWithinMonth: Rule = ({ getFieldValue }) => ({
  validator: (_rule, day) => {
    const month = getFieldValue('maxPerMonth');
    const given = (v: unknown) => v !== undefined && v !== null && v !== '';
    return given(day) && given(month) && Number(day) > Number(month)
      ? Promise.reject(new Error(i18n.t('warrant.dayAboveMonth')))
      : Promise.resolve();
  },
});

/**
 * Warrants: who (a person) may take what (a material, or the materials of a type and the types
 * below it) where (a device and those below it; none: everywhere), how much a day and a month, when.
 * They limit the kiosk; back-office outbounds are the keeper's own responsibility.
 */
export const warrantResource: CrudResource = {
  api: API,
  permissions: 'warrant',
  fields: [
    personField({ search: true, required: 'warrant.personRequired' }),
    deviceField({ search: true, help: 'warrant.deviceHelp' }),
    materialTypeField({ help: 'warrant.scopeHelp' }),
    materialField({ help: 'warrant.scopeHelp' }),
    {
      name: 'maxPerDay',
      label: 'warrant.maxPerDay',
      type: 'number',
      help: 'warrant.noLimitHelp',
      format: 'quantity',
      rules: [dayWithinMonth],
    },
    {
      name: 'maxPerMonth',
      label: 'warrant.maxPerMonth',
      type: 'number',
      help: 'warrant.noLimitHelp',
      format: 'quantity',
    },
    { name: 'validFrom', label: 'warrant.validFrom', type: 'datetime' },
    { name: 'validTo', label: 'warrant.validTo', type: 'datetime' },
    {
      name: 'enabled',
      label: 'warrant.enabled',
      type: 'select',
      form: false,
      search: true,
      options: { items: [1, 0].map((v) => ({ label: `warehouse.statusOf.${v}`, value: v })) },
      render: (v) => <StateTag value={v} prefix="warehouse.statusOf" colors={{ '1': 'green' }} />,
    },
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
  ],
};

/** /warehouse/warrant: warrants, enabled and disabled by selection. */
export default function WarrantPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resource = useMemo<CrudResource>(() => {
    const setEnabled =
      (route: string) =>
      async ({ selected, reload }: CrudContext) => {
        await postAction(`${API}/${route}`, { ids: selected.map((r) => r.id).join(',') });
        void message.success(t('crud.done'));
        reload();
      };
    return {
      ...warrantResource,
      toolbar: [
        {
          label: 'warrant.enable',
          permission: 'warrant_enable',
          needsSelection: true,
          onClick: setEnabled('updateEnable'),
        },
        {
          label: 'warrant.disable',
          permission: 'warrant_disable',
          needsSelection: true,
          danger: true,
          onClick: setEnabled('updateDisable'),
        },
      ],
    };
  }, [t, message]);
  return <CrudPage resource={resource} />;
}
