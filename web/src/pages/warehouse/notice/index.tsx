import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, FieldSpec, Row } from '../../../components/crud/types.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { deviceField, materialField, personName, StateTag } from '../../../components/warehouse/fields.tsx';

const API = '/warehouse/notice';
const handled = { form: 'edit' as const, lockOnEdit: true, column: false };

/**
 * Warehouse notices: raised by the stock (low, out) or entered by hand, one untreated of a kind per
 * device and material; treating one records who handled it, when and how.
 */
export const noticeResource: CrudResource = {
  api: API,
  permissions: 'warehouse_notice',
  fields: [
    {
      name: 'type',
      label: 'whNotice.type',
      type: 'select',
      options: { dictBiz: 'notice_type' },
      search: true,
      required: true,
    },
    {
      name: 'level',
      label: 'whNotice.level',
      type: 'select',
      numeric: true,
      initial: '1',
      options: { items: [1, 2, 3].map((v) => ({ label: `whNotice.levelOf.${v}`, value: v })) },
      render: (v) => <StateTag value={v} prefix="whNotice.levelOf" colors={{ '2': 'orange', '3': 'red' }} />,
    },
    { name: 'title', max: 200, label: 'whNotice.title', search: true, required: true, wide: true },
    { name: 'content', max: 1000, label: 'whNotice.content', type: 'textarea' },
    deviceField(),
    materialField(),
    {
      name: 'treated',
      label: 'whNotice.treated',
      type: 'select',
      search: true,
      form: 'edit',
      lockOnEdit: true,
      options: { items: [0, 1].map((v) => ({ label: `whNotice.treatedOf.${v}`, value: v })) },
      render: (v) => <StateTag value={v} prefix="whNotice.treatedOf" colors={{ '0': 'red', '1': 'green' }} />,
    },
    { name: 'handlerName', label: 'whNotice.handler', render: personName, ...handled },
    { name: 'handleTime', label: 'whNotice.handleTime', type: 'datetime', ...handled },
    { name: 'handleRemark', label: 'whNotice.handleRemark', type: 'textarea', ...handled },
  ],
  // Only what a notice entered by hand holds; how it was handled is the treat action's.
  toSubmit: ({ treated: _t, handlerName: _h, handleTime: _ht, handleRemark: _hr, ...values }) => values,
};

const treatFields: FieldSpec[] = [{ name: 'handleRemark', label: 'whNotice.handleRemark', type: 'textarea' }];

/** /warehouse/notice: notices, treated one by one or by selection with a remark. */
export default function NoticePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dialog = useFormDialog();
  const resource = useMemo<CrudResource>(() => {
    const treat = (rows: Row[], reload: () => void) =>
      dialog.open({
        title: 'whNotice.treat',
        fields: treatFields,
        submit: (values) =>
          postAction(`${API}/treat`, {}, { ids: rows.map((r) => r.id).join(','), ...values }).then(reload),
      });
    const untreated = (row: Row) => Number(row.treated) === 0;
    return {
      ...noticeResource,
      rowActions: [
        {
          label: 'whNotice.treat',
          permission: 'warehouse_notice_treat',
          visible: untreated,
          onClick: (row, { reload }) => treat([row], reload),
        },
      ],
      toolbar: [
        {
          label: 'whNotice.treat',
          permission: 'warehouse_notice_treat',
          needsSelection: true,
          onClick: ({ selected, reload }) => {
            const open = selected.filter(untreated);
            if (open.length) treat(open, reload);
            else void message.warning(t('whNotice.allTreated'));
          },
        },
      ],
    };
  }, [dialog.open, t, message]);
  return (
    <>
      <CrudPage resource={resource} />
      {dialog.element}
    </>
  );
}
