import { describe, expect, it } from 'vitest';
import { pdfOf } from '../../src/modules/report/export-pdf.ts';
import type { RenderedGrid } from '../../src/modules/report/render.ts';

async function bytes(grid: RenderedGrid): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await pdfOf(grid)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

const grid = (rows: number, colWidths: number[]): RenderedGrid => ({
  rows,
  cols: colWidths.length,
  cells: Array.from({ length: rows }, (_, row) => ({ row, col: 0, text: `行 ${row}`, style: { border: true } })),
  merges: [{ row: 0, col: 0, rowSpan: 2, colSpan: colWidths.length }],
  colWidths,
  truncated: false,
});

describe('pdfOf, a rendered report as a PDF', () => {
  it('puts rows onto as many pages as they take', async () => {
    const pages = (pdf: string) => pdf.match(/\/Type \/Page\b/g)?.length;
    expect(pages(await bytes(grid(10, [100, 100])))).toBe(1);
    expect(pages(await bytes(grid(200, [100, 100])))).toBeGreaterThan(2);
  });

  it('turns the page to landscape for a wide grid, and narrows it to fit', async () => {
    const wide = await bytes(
      grid(
        3,
        Array.from({ length: 12 }, () => 100),
      ),
    );
    // A4 landscape: 841.89 × 595.28 points
    expect(wide).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(await bytes(grid(3, [100]))).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });
});
