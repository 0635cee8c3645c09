import { type Envelope, http } from '../../../api/http.ts';
import type { Page } from '../../../components/crud/api.ts';
import type { CrudResource, FieldSpec, Row } from '../../../components/crud/types.ts';
import { deviceField, materialField, materialTypeField, StateTag } from '../../../components/warehouse/fields.tsx';

export const REPORT_API = '/warehouse/report';

const QUANTITIES = new Set(['quantity', 'safetyStock', 'inQuantity', 'outQuantity']);
const MONEY = new Set(['amount', 'inAmount', 'outAmount']);

/** A column of the answer; quantities and money read as on every other screen. */
const column = (name: string, width?: number): FieldSpec => ({
  name,
  label: `report.column.${name}`,
  width,
  form: false,
  format: QUANTITIES.has(name) ? 'quantity' : MONEY.has(name) ? 'money' : undefined,
});

// The filters every table takes (search only: a report row is never edited).
const filters: FieldSpec[] = [
  deviceField({ search: true, column: false, form: false }),
  materialTypeField({ search: true, column: false, form: false }),
  materialField({ search: true, column: false, form: false }),
  { name: 'keyword', label: 'report.keyword', search: true, column: false, form: false },
];

/**
 * A read-only CRUD list over one report endpoint. Not every report's rows have an id (a sum per
 * type or provider): each gets its place in the answer, which is what the table keys rows by.
 */
const report = (listPath: string, fields: FieldSpec[]): CrudResource => ({
  api: REPORT_API,
  listPath,
  permissions: {},
  view: false,
  createTimeRange: false,
  fields: [...filters, ...fields],
  calls: {
    list: (query) =>
      http<Envelope<Page<Row>>>({ url: `${REPORT_API}/${listPath}`, params: query }).then((r) => ({
        ...r.data,
        records: r.data.records.map((row, i) => ({ ...row, id: `${listPath}-${query.current}-${i}` })),
      })),
  },
});

export const inventoryDetail = report('inventoryDetail', [
  column('deviceName'),
  column('materialCode'),
  column('materialName'),
  column('materialTypeName'),
  column('specification'),
  column('unitName', 80),
  column('quantity'),
  column('averagePrice'),
  column('amount'),
  column('safetyStock'),
  {
    name: 'state',
    label: 'report.column.state',
    search: true,
    form: false,
    type: 'select',
    options: { items: ['ok', 'low', 'out'].map((s) => ({ label: `report.state.${s}`, value: s })) },
    render: (v) => <StateTag value={v} prefix="report.state" colors={{ ok: 'green', low: 'orange', out: 'red' }} />,
  },
]);

export const inventoryMaterias = report('inventoryMaterias', [
  column('materialCode'),
  column('materialName'),
  column('materialTypeName'),
  column('specification'),
  column('unitName', 80),
  column('quantity'),
  column('averagePrice'),
  column('amount'),
  column('safetyStock'),
  column('deviceCount'),
]);

export const priceCount = report('MaterialsPriceCount', [
  {
    name: 'groupBy',
    label: 'report.groupBy',
    search: true,
    column: false,
    form: false,
    type: 'select',
    options: { items: ['material', 'type', 'provider'].map((g) => ({ label: `report.groupOf.${g}`, value: g })) },
  },
  { name: 'startTime', label: 'report.startTime', search: true, column: false, form: false, type: 'date' },
  { name: 'endTime', label: 'report.endTime', search: true, column: false, form: false, type: 'date' },
  column('groupCode'),
  column('groupName'),
  column('inQuantity'),
  column('inAmount'),
  column('outQuantity'),
  column('outAmount'),
]);
