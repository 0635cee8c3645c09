import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec, OptionSource, Row } from '../crud/types.ts';

export const DEVICE_API = '/blade-warehouse/device';

/**
 * The pickers' sources: each resource's narrow `select` (id and name, the trees as trees), which the
 * screens that pick it may read without the grant of its own screen.
 */
export const SOURCES = {
  device: { tree: `${DEVICE_API}/select` },
  materialType: { tree: '/warehouse/materialstype/select' },
  material: { url: '/warehouse/materialscode/select', label: ['code', 'name'], value: 'id' },
  provider: { url: '/warehouse/provider/select', label: 'name', value: 'id' },
  person: { url: '/warehouse/faceimg/select', label: 'name', value: 'id' },
} satisfies Record<string, OptionSource>;

/** A person's name, which is never translated. */
export const personName = (name: unknown) => (name ? <span translate="no">{String(name)}</span> : null);

type Overrides = Partial<FieldSpec>;

/**
 * A reference to another record: chosen from its source, and shown in the table by the name the
 * server adds to the row (`shownAs`), so the table needs no option list.
 */
const reference =
  (name: string, label: string, type: FieldSpec['type'], options: OptionSource, shownAs: string, person = false) =>
  (over: Overrides = {}): FieldSpec => ({
    name,
    label,
    type,
    options,
    render: (_v, row) => (person ? personName(row[shownAs]) : (row[shownAs] as ReactNode)),
    ...over,
  });

export const deviceField = reference('deviceId', 'warehouse.device', 'tree-select', SOURCES.device, 'deviceName');
export const materialTypeField = reference(
  'materialTypeId',
  'warehouse.materialType',
  'tree-select',
  SOURCES.materialType,
  'materialTypeName',
);
export const materialField = reference(
  'materialCodeId',
  'warehouse.material',
  'select',
  SOURCES.material,
  'materialName',
);
export const providerField = reference('providerId', 'warehouse.provider', 'select', SOURCES.provider, 'providerName');
export const personField = reference('personId', 'warehouse.person', 'select', SOURCES.person, 'personName', true);

/** The parent of a tree node: picked from the same tree; the root (0) shows as none. */
export const parentField = (tree: OptionSource): FieldSpec => ({
  name: 'parentId',
  label: 'warehouse.parent',
  type: 'tree-select',
  options: tree,
  column: false,
});

/** A tree detail for the form: BladeX's top parent 0 is no parent there. */
export const rootAsNone = (record: Row): Row => ({
  ...record,
  parentId: record.parentId === '0' || record.parentId === 0 ? undefined : record.parentId,
});

/** A coloured state: the value's message key under `prefix` and its colour. */
export function StateTag({
  value,
  prefix,
  colors,
}: {
  value: unknown;
  prefix: string;
  colors: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  return <Tag color={colors[String(value)]}>{t(`${prefix}.${String(value)}`)}</Tag>;
}

/** Enabled (1) or disabled (0): a disabled material or device takes no stock movement. */
export const statusField = (over: Overrides = {}): FieldSpec => ({
  name: 'status',
  label: 'warehouse.status',
  type: 'radio',
  numeric: true,
  initial: '1',
  options: {
    items: [
      { label: 'warehouse.statusOf.1', value: 1 },
      { label: 'warehouse.statusOf.0', value: 0 },
    ],
  },
  render: (v) => <StateTag value={v} prefix="warehouse.statusOf" colors={{ '1': 'green', '0': 'default' }} />,
  ...over,
});

/** A stock document's state: completed (1) or cancelled (2, its stock reversed). */
export const docStatusField: FieldSpec = {
  name: 'status',
  label: 'warehouse.status',
  type: 'select',
  search: true,
  form: false,
  options: {
    items: [
      { label: 'warehouse.docStatus.1', value: 1 },
      { label: 'warehouse.docStatus.2', value: 2 },
    ],
  },
  render: (v) => <StateTag value={v} prefix="warehouse.docStatus" colors={{ '1': 'green', '2': 'default' }} />,
};

/** The read-only columns of a document: totals and who did it. */
export const documentColumns: FieldSpec[] = [
  {
    name: 'totalQuantity',
    label: 'warehouse.totalQuantity',
    form: 'edit',
    lockOnEdit: true,
    format: 'quantity',
  },
  { name: 'totalAmount', label: 'warehouse.totalAmount', form: 'edit', lockOnEdit: true, width: 110, format: 'money' },
  {
    name: 'operatorName',
    label: 'warehouse.operator',
    form: false,
    render: (v) => personName(v),
  },
];
