import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

export const paramResource: CrudResource = {
  api: '/blade-system/param',
  permissions: 'param',
  fields: [
    { name: 'paramName', max: 255, label: 'param.paramName', search: true, required: 'param.paramNameRequired' },
    { name: 'paramKey', max: 255, label: 'param.paramKey', search: true, required: 'param.paramKeyRequired' },
    {
      name: 'paramValue',
      max: 4000,
      label: 'param.paramValue',
      type: 'textarea',
      required: 'param.paramValueRequired',
    },
    { name: 'remark', max: 255, label: 'param.remark', type: 'textarea', column: false },
  ],
};

/** /system/param: platform-wide settings (only the platform tenant may change them). */
export default function ParamPage() {
  return <CrudPage resource={paramResource} />;
}
