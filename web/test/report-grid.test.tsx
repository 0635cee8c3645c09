import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RenderedGrid } from '../src/api/report.ts';
import { placeCells, RenderedGridTable } from '../src/components/report/RenderedGridTable.tsx';
import { renderWith } from './fake-api.tsx';

/** A title over three columns, a header, two band rows whose first column is merged down, a total. */
const grid: RenderedGrid = {
  rows: 5,
  cols: 3,
  cells: [
    { row: 0, col: 0, text: '库存价值', style: { bold: true, align: 'center', fontSize: 16 } },
    { row: 1, col: 0, text: '类型', style: { background: '#eeeeee', border: true } },
    { row: 1, col: 1, text: '物料' },
    { row: 1, col: 2, text: '金额', style: { italic: true, color: '#1677ff' } },
    { row: 2, col: 0, text: '油料' },
    { row: 2, col: 1, text: '柴油' },
    { row: 2, col: 2, text: '1,200.50', numeric: true },
    { row: 3, col: 1, text: '汽油' },
    { row: 3, col: 2, text: '30.00', numeric: true, style: { align: 'center' } },
    { row: 4, col: 2, text: '1,230.50', numeric: true, style: { bold: true } },
  ],
  merges: [
    { row: 0, col: 0, rowSpan: 1, colSpan: 3 },
    { row: 2, col: 0, rowSpan: 2, colSpan: 1 },
  ],
  colWidths: [120, 100, 140],
  truncated: false,
};

describe('a rendered report as a table', () => {
  it('places one cell per place, a merge’s first spanning it and the places it covers left out', () => {
    const rows = placeCells(grid);
    expect(rows.map((r) => r.map((c) => c.col))).toEqual([[0], [0, 1, 2], [0, 1, 2], [1, 2], [0, 1, 2]]);
    expect(rows[0]?.[0]).toMatchObject({ colSpan: 3, rowSpan: 1 });
    expect(rows[2]?.[0]).toMatchObject({ rowSpan: 2, colSpan: 1, cell: { text: '油料' } });
    expect(rows[4]?.[0]).toEqual({ col: 0, cell: undefined, rowSpan: 1, colSpan: 1 });
  });

  it('draws merges as spans, the styles, and numbers to the right unless aligned otherwise', () => {
    renderWith(<RenderedGridTable grid={grid} label="库存价值" />);
    const table = screen.getByRole('table', { name: '库存价值' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const title = within(table).getByRole('cell', { name: '库存价值' });
    expect(title.getAttribute('colspan')).toBe('3');
    expect(title.style.fontWeight).toBe('bold');
    expect(title.style.textAlign).toBe('center');
    expect(title.style.fontSize).toBe('16px');
    const merged = within(table).getByRole('cell', { name: '油料' });
    expect(merged.getAttribute('rowspan')).toBe('2');
    expect(within(rows[3] as HTMLElement).getAllByRole('cell')).toHaveLength(2);
    const header = within(table).getByRole('cell', { name: '类型' });
    expect(header.style.background).toBe('rgb(238, 238, 238)');
    expect(header.style.border).toContain('1px solid');
    const amount = within(table).getByRole('cell', { name: '金额' });
    expect([amount.style.fontStyle, amount.style.color]).toEqual(['italic', 'rgb(22, 119, 255)']);
    expect(within(table).getByRole('cell', { name: '1,200.50' }).style.textAlign).toBe('right');
    expect(within(table).getByRole('cell', { name: '30.00' }).style.textAlign).toBe('center');
    expect(within(table).getByRole('cell', { name: '物料' }).style.textAlign).toBe('');
    const widths = [...table.querySelectorAll('col')].map((c) => c.style.width);
    expect(widths).toEqual(['120px', '100px', '140px']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the rows were cut at the limit', () => {
    renderWith(<RenderedGridTable grid={{ ...grid, truncated: true }} label="r" />);
    expect(screen.getByRole('alert').textContent).toContain('10000');
  });
});
