import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellStyle, RenderedGrid } from '../../api/report.ts';

type GridCell = RenderedGrid['cells'][number];
/** One `<td>` of the table: a cell (or an empty place) with the span of the merge it starts. */
export interface PlacedCell {
  col: number;
  cell?: GridCell;
  rowSpan: number;
  colSpan: number;
}

/**
 * The grid as table rows: every place not covered by a merge gets a `<td>`, a merge's first place
 * spans it, the places it covers get none (as HTML tables want them).
 */
export function placeCells(grid: RenderedGrid): PlacedCell[][] {
  const at = new Map(grid.cells.map((c) => [`${c.row}:${c.col}`, c]));
  const covered = new Set<string>();
  const spans = new Map<string, { rowSpan: number; colSpan: number }>();
  for (const m of grid.merges) {
    spans.set(`${m.row}:${m.col}`, { rowSpan: m.rowSpan, colSpan: m.colSpan });
    for (let r = m.row; r < m.row + m.rowSpan; r++)
      for (let c = m.col; c < m.col + m.colSpan; c++) if (r !== m.row || c !== m.col) covered.add(`${r}:${c}`);
  }
  return Array.from({ length: grid.rows }, (_, row) =>
    Array.from({ length: grid.cols }, (_, col) => col)
      .filter((col) => !covered.has(`${row}:${col}`))
      .map((col) => ({ col, cell: at.get(`${row}:${col}`), rowSpan: 1, colSpan: 1, ...spans.get(`${row}:${col}`) })),
  );
}

const BORDER = '1px solid #8c8c8c';

/** A cell's style as CSS: numbers right-aligned unless the template aligns them otherwise. */
export function cellCss(style: CellStyle | undefined, numeric: boolean | undefined): CSSProperties {
  return {
    fontWeight: style?.bold ? 'bold' : undefined,
    fontStyle: style?.italic ? 'italic' : undefined,
    textAlign: style?.align ?? (numeric ? 'right' : undefined),
    color: style?.color,
    background: style?.background,
    fontSize: style?.fontSize,
    border: style?.border ? BORDER : undefined,
  };
}

interface Props {
  grid: RenderedGrid;
  /** The table's accessible name (the report's name). */
  label: string;
}

/** A rendered report, read-only: the preview of the viewer and of the designer. */
export function RenderedGridTable({ grid, label }: Props) {
  const { t } = useTranslation();
  const rows = placeCells(grid);
  const width = grid.colWidths.reduce((sum, w) => sum + w, 0);
  return (
    <div>
      {grid.truncated && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('reportList.view.truncated')} />
      )}
      <div style={{ overflow: 'auto' }}>
        <table
          aria-label={label}
          className="cw-report-grid"
          style={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: width || undefined }}
        >
          <colgroup>
            {grid.colWidths.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <tbody>
            {rows.map((cells, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
              <tr key={row}>
                {cells.map(({ col, cell, rowSpan, colSpan }) => (
                  <td
                    key={col}
                    rowSpan={rowSpan > 1 ? rowSpan : undefined}
                    colSpan={colSpan > 1 ? colSpan : undefined}
                    style={{ padding: '2px 6px', whiteSpace: 'pre-wrap', ...cellCss(cell?.style, cell?.numeric) }}
                  >
                    {cell?.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
