import { describe, expect, it } from 'vitest';
import { show } from '../../src/modules/report/formats.ts';
import { type DatasetResult, render } from '../../src/modules/report/render.ts';
import { type ReportTemplate, reportTemplate } from '../../src/modules/report/template.ts';

const STOCK: DatasetResult = {
  fields: [
    { name: 'type', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'qty', type: 'number' },
  ],
  rows: [
    { type: 'Oil', name: 'A', qty: '0.1' },
    { type: 'Gas', name: 'B', qty: '2.000' },
    { type: 'Oil', name: 'C', qty: '0.2' },
  ],
};

/** A template of the cells given, parsed as the server parses one (so it is a valid one). */
function template(sheet: Partial<ReportTemplate['sheet']>): ReportTemplate {
  return reportTemplate.parse({
    version: 1,
    sheet: { rows: 3, cols: 3, cells: [], merges: [], ...sheet },
    datasets: [{ name: 's', kind: 'builtin', builtin: 'materials' }],
    params: [],
  });
}
type Bind = NonNullable<ReportTemplate['sheet']['cells'][number]['bind']>;
const bind = (field: string, aggregate: Bind['aggregate'], expand: Bind['expand'] = 'down'): Bind => ({
  dataset: 's',
  field,
  expand,
  aggregate,
});
const texts = (grid: ReturnType<typeof render>) =>
  Object.fromEntries(grid.cells.map((c) => [`${c.row}:${c.col}`, c.text]));

describe('render, the report template filled with datasets', () => {
  it('repeats a band row per dataset row and pushes the rows below it down', () => {
    const t = template({
      cells: [
        { row: 0, col: 0, text: 'Name' },
        { row: 1, col: 0, bind: bind('name', 'list') },
        { row: 1, col: 1, bind: bind('qty', 'list') },
        { row: 2, col: 0, text: 'Total' },
        { row: 2, col: 1, bind: bind('qty', 'sum', 'none') },
      ],
    });
    const grid = render(t, { s: STOCK }, {});
    expect(grid.rows).toBe(5);
    expect(texts(grid)).toEqual({
      '0:0': 'Name',
      '1:0': 'A',
      '1:1': '0.1',
      '2:0': 'B',
      '2:1': '2',
      '3:0': 'C',
      '3:1': '0.2',
      '4:0': 'Total',
      '4:1': '2.3',
    });
    expect(grid.cells.find((c) => c.row === 4 && c.col === 1)?.numeric).toBe(true);
    expect(grid.truncated).toBe(false);
  });

  it('groups a band by its group cells in order of first appearance, aggregating within each group', () => {
    const t = template({
      cells: [
        { row: 0, col: 0, bind: bind('type', 'group') },
        { row: 0, col: 1, bind: bind('qty', 'sum') },
        { row: 0, col: 2, bind: bind('name', 'count') },
        { row: 1, col: 1, bind: bind('qty', 'avg', 'none'), format: '0.00' },
        { row: 1, col: 2, bind: bind('qty', 'max', 'none') },
        { row: 2, col: 2, bind: bind('qty', 'min', 'none') },
      ],
    });
    expect(texts(render(t, { s: STOCK }, {}))).toEqual({
      '0:0': 'Oil',
      '0:1': '0.3',
      '0:2': '2',
      '1:0': 'Gas',
      '1:1': '2',
      '1:2': '1',
      '2:1': '0.77',
      '2:2': '2',
      '3:2': '0.1',
    });
  });

  it('shows a band once with its static text when the dataset is empty, and list outside a band is the first row', () => {
    const t = template({
      rows: 2,
      cells: [
        { row: 0, col: 0, text: 'x' },
        { row: 0, col: 1, bind: bind('name', 'list') },
        { row: 1, col: 0, bind: bind('name', 'list', 'none') },
      ],
    });
    expect(texts(render(t, { s: { ...STOCK, rows: [] } }, {}))).toEqual({ '0:0': 'x' });
    expect(texts(render(t, { s: STOCK }, {}))['3:0']).toBe('A');
  });

  it('repeats merges inside a band, stretches those across it and keeps static ones', () => {
    const t = template({
      rows: 4,
      cells: [{ row: 1, col: 0, bind: bind('name', 'list') }],
      merges: [
        { row: 0, col: 0, rowSpan: 1, colSpan: 3 },
        { row: 1, col: 1, rowSpan: 1, colSpan: 2 },
        { row: 2, col: 0, rowSpan: 2, colSpan: 1 },
      ],
    });
    const stretched = template({
      rows: 3,
      cells: [{ row: 1, col: 1, bind: bind('name', 'list') }],
      merges: [{ row: 0, col: 0, rowSpan: 3, colSpan: 1 }],
    });
    expect(render(t, { s: STOCK }, {}).merges).toEqual([
      { row: 0, col: 0, rowSpan: 1, colSpan: 3 },
      { row: 1, col: 1, rowSpan: 1, colSpan: 2 },
      { row: 2, col: 1, rowSpan: 1, colSpan: 2 },
      { row: 3, col: 1, rowSpan: 1, colSpan: 2 },
      { row: 4, col: 0, rowSpan: 2, colSpan: 1 },
    ]);
    expect(render(stretched, { s: STOCK }, {}).merges).toEqual([{ row: 0, col: 0, rowSpan: 5, colSpan: 1 }]);
  });

  it('puts parameter values into text, and nothing for an unknown one', () => {
    const t = template({ rows: 1, cells: [{ row: 0, col: 0, text: `From \${from} to \${to}\${nope}` }] });
    expect(texts(render(t, {}, { from: '2026-01-01', to: '2026-01-31' }))).toEqual({
      '0:0': 'From 2026-01-01 to 2026-01-31',
    });
  });

  it('cuts the output at the row limit and says so, as it does when a dataset was cut', () => {
    const t = template({
      rows: 2,
      cells: [
        { row: 0, col: 0, bind: bind('name', 'list') },
        { row: 1, col: 0, text: 'end' },
      ],
    });
    const grid = render(t, { s: STOCK }, {}, 2);
    expect(grid.rows).toBe(2);
    expect(texts(grid)).toEqual({ '0:0': 'A', '1:0': 'B' });
    expect(grid.truncated).toBe(true);
    expect(render(t, { s: { ...STOCK, truncated: true } }, {}).truncated).toBe(true);
  });

  it('keeps the column widths, 100 px where none is given', () => {
    expect(render(template({ colWidths: [50] }), {}, {}).colWidths).toEqual([50, 100, 100]);
  });
});

describe('show, a value in a cell format', () => {
  it('formats numbers exactly, without floating-point errors', () => {
    expect(show('1234567.005', '0.00').text).toBe('1234567.01');
    expect(show('1234567.005', '#,##0.00').text).toBe('1,234,567.01');
    expect(show('-0.125', '0.00').text).toBe('-0.13');
    expect(show('2.5', '0').text).toBe('3');
    expect(show('0.125', '0%').text).toBe('13%');
    expect(show(0.1 + 0.2, '0.00').text).toBe('0.30');
    expect(show('99999999999999999999.995', '0.00').text).toBe('100000000000000000000.00');
  });

  it('formats dates and leaves text fields of digits as text', () => {
    const at = new Date(2026, 0, 31, 13, 45, 10);
    expect(show(at, 'yyyy-MM-dd').text).toBe('2026-01-31');
    expect(show(at, 'yyyy-MM-dd HH:mm').text).toBe('2026-01-31 13:45');
    expect(show(at).text).toBe('2026-01-31 13:45:10');
    expect(show('2026-01-31T08:00:00', 'yyyy-MM-dd').text).toBe('2026-01-31');
    expect(show('00123')).toEqual({ text: '00123', numeric: false });
    expect(show('00123', undefined, true)).toEqual({ text: '123', numeric: true });
    expect(show(null).text).toBe('');
  });
});

describe('reportTemplate, the template as the server accepts it', () => {
  const refusal = (t: unknown) => reportTemplate.safeParse(t).error?.issues.map((i) => i.message);
  const base = { version: 1, sheet: { rows: 2, cols: 2, cells: [], merges: [] }, datasets: [], params: [] };

  it('refuses cells outside the sheet or twice, overlapping merges and bands over two datasets', () => {
    const sheet = (s: object) => ({ ...base, sheet: { ...base.sheet, ...s } });
    expect(refusal(sheet({ cells: [{ row: 2, col: 0, text: 'x' }] }))).toEqual(['report.template.cellOutside']);
    expect(
      refusal(
        sheet({
          cells: [
            { row: 0, col: 0 },
            { row: 0, col: 0 },
          ],
        }),
      ),
    ).toEqual(['report.template.cellTwice']);
    expect(
      refusal(
        sheet({
          merges: [
            { row: 0, col: 0, rowSpan: 2, colSpan: 1 },
            { row: 1, col: 0, rowSpan: 1, colSpan: 2 },
          ],
        }),
      ),
    ).toEqual(['report.template.mergeOverlap']);
    expect(refusal(sheet({ merges: [{ row: 1, col: 1, rowSpan: 2, colSpan: 1 }] }))).toEqual([
      'report.template.mergeOutside',
    ]);
    const two = {
      ...sheet({
        cells: [
          { row: 0, col: 0, bind: bind('a', 'list') },
          { row: 0, col: 1, bind: { ...bind('a', 'list'), dataset: 't' } },
        ],
      }),
      datasets: [
        { name: 's', kind: 'builtin', builtin: 'materials' },
        { name: 't', kind: 'builtin', builtin: 'materials' },
      ],
    };
    expect(refusal(two)).toEqual(['report.template.bandDatasets']);
    expect(refusal({ ...two, datasets: [two.datasets[0]] })).toEqual([
      'report.template.unknownDataset',
      'report.template.bandDatasets',
    ]);
  });

  it('refuses repeated dataset and parameter names and names that are not identifiers', () => {
    const param = { name: 'p', label: 'P', type: 'text', required: false };
    expect(refusal({ ...base, params: [param, param] })).toEqual(['report.template.paramTwice']);
    const ds = { name: 's', kind: 'builtin', builtin: 'materials' };
    expect(refusal({ ...base, datasets: [ds, ds] })).toEqual(['report.template.datasetTwice']);
    expect(refusal({ ...base, params: [{ ...param, name: 'a-b' }] })).toHaveLength(1);
    expect(refusal({ ...base, sheet: { ...base.sheet, rows: 501 } })).toHaveLength(1);
  });
});
