import type { CrudResource, FieldSpec, Row } from '../crud/types.ts';

/** A dictionary table: system (`/blade-system/dict`, codes dict_*) or business (`/blade-system/dict-biz`, dictbiz_*). */
export interface DictSource {
  api: string;
  permissions: string;
}

export const SYSTEM_DICT: DictSource = { api: '/blade-system/dict', permissions: 'dict' };
export const BUSINESS_DICT: DictSource = { api: '/blade-system/dict-biz', permissions: 'dictbiz' };

const code: FieldSpec = { name: 'code', label: 'dict.code', search: true, required: 'dict.codeRequired' };
const dictValue: FieldSpec = {
  name: 'dictValue',
  label: 'dict.dictValue',
  search: true,
  required: 'dict.dictValueRequired',
};
const tail: readonly FieldSpec[] = [
  { name: 'sort', label: 'dict.sort', type: 'number', required: 'dict.sortRequired', sortable: true },
  {
    name: 'isSealed',
    label: 'dict.isSealed',
    type: 'switch',
    required: 'dict.isSealedRequired',
    initial: false,
    // how the table and the search bar name 0 and 1
    options: {
      items: [
        { label: 'crud.no', value: 0 },
        { label: 'crud.yes', value: 1 },
      ],
    },
  },
  { name: 'remark', label: 'dict.remark', type: 'textarea' },
];

/** The dictionaries (roots) of a table, paged. */
export const dictParentResource = (source: DictSource): CrudResource => ({
  api: source.api,
  permissions: source.permissions,
  listPath: 'parent-list',
  createTimeRange: false,
  fields: [code, dictValue, ...tail],
});

/**
 * The items of one dictionary, at any depth, paged; the parent picker offers that dictionary's tree.
 * Without a dictionary the list is empty (the split layouts before a row is chosen).
 */
export const dictChildResource = (source: DictSource, parent: Row | null): CrudResource => ({
  api: source.api,
  permissions: source.permissions,
  listPath: 'child-list',
  createTimeRange: false,
  fields: [
    // an item takes its dictionary's code: shown, never chosen
    { ...code, search: false, required: false, form: 'edit', lockOnEdit: true },
    dictValue,
    {
      name: 'parentId',
      label: 'dict.parentId',
      type: 'tree-select',
      options: { tree: `${source.api}/tree`, params: { code: parent?.code } },
    },
    { name: 'dictKey', label: 'dict.dictKey', search: true, required: 'dict.dictKeyRequired' },
    ...tail,
  ],
  // an item without a chosen parent hangs from the dictionary itself
  toSubmit: (values, editing) => ({ ...values, parentId: values.parentId || editing?.parentId || parent?.id }),
  calls: parent ? undefined : { list: () => Promise.resolve([]) },
});
