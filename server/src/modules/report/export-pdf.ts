import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { RenderedCell, RenderedGrid } from './render.ts';
import type { Merge } from './template.ts';

/** A font with Chinese glyphs: a TTF/OTF file, or a collection (.ttc) and the family to take from it. */
export interface PdfFont {
  path: string;
  family?: string;
}

export interface PdfFonts {
  regular: PdfFont;
  bold: PdfFont;
}

const require = createRequire(import.meta.url);
const NOTO = '@expo-google-fonts/noto-sans-sc';
/** Noto Sans SC, shipped in npm (MIT and OFL-1.1): PDFs show Chinese on any machine without system fonts. */
export const DEFAULT_FONTS: PdfFonts = {
  regular: { path: require.resolve(`${NOTO}/400Regular/NotoSansSC_400Regular.ttf`) },
  bold: { path: require.resolve(`${NOTO}/700Bold/NotoSansSC_700Bold.ttf`) },
};

const MARGIN = 28;
const PT_PER_PX = 0.75;
const FONT_SIZE = 10;
const PADDING = 3;

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The rendered report as a PDF (pdfkit; only the glyphs used are embedded): the grid at its column
 * widths (narrowed to the page when wider; landscape when that helps), rows onto as many pages as
 * they take, merged cells drawn once over their area, styles as the sheet has them.
 */
export async function pdfOf(grid: RenderedGrid, fonts: PdfFonts = DEFAULT_FONTS): Promise<Readable> {
  // loaded with the first PDF, not at start (issue 17: start time and idle memory)
  const { default: PDFDocument } = await import('pdfkit');
  const natural = grid.colWidths.reduce((a, w) => a + w * PT_PER_PX, 0);
  const doc = new PDFDocument({
    size: 'A4',
    layout: natural > 595 - 2 * MARGIN ? 'landscape' : 'portrait',
    margin: MARGIN,
  });
  doc.registerFont('regular', fonts.regular.path, fonts.regular.family);
  doc.registerFont('bold', fonts.bold.path, fonts.bold.family);
  const usable = doc.page.width - 2 * MARGIN;
  const scale = Math.min(1, usable / Math.max(natural, 1));
  const lefts = [MARGIN];
  for (const w of grid.colWidths) lefts.push(lefts.at(-1)! + w * PT_PER_PX * scale);
  const heights = rowHeights(grid);
  const tops = pageTops(heights, doc.page.height);
  const covered = coveredBy(grid.merges);
  const byStart = new Map(grid.merges.map((m) => [`${m.row}:${m.col}`, m]));
  let page = 0;
  for (const c of [...grid.cells].sort((a, b) => a.row - b.row || a.col - b.col)) {
    if (covered.has(`${c.row}:${c.col}`)) continue;
    for (; page < tops[c.row]!.page; page++) doc.addPage();
    const merged = byStart.get(`${c.row}:${c.col}`);
    const lastRow = Math.min(merged ? c.row + merged.rowSpan - 1 : c.row, grid.rows - 1);
    const area = {
      x: lefts[c.col]!,
      y: tops[c.row]!.y,
      width: lefts[Math.min(merged ? c.col + merged.colSpan : c.col + 1, grid.cols)]! - lefts[c.col]!,
      // a merge cut by a page break is drawn to the end of its first page
      height: sameOrEnd(tops, c.row, lastRow, heights, doc.page.height),
    };
    drawCell(doc, c, area);
  }
  doc.end();
  return doc;
}

function rowHeights(grid: RenderedGrid): number[] {
  const heights = Array.from({ length: grid.rows }, () => FONT_SIZE * 1.8);
  for (const c of grid.cells) heights[c.row] = Math.max(heights[c.row]!, (c.style?.fontSize ?? FONT_SIZE) * 1.8);
  return heights;
}

/** Each row's page and top. */
function pageTops(heights: number[], pageHeight: number): { page: number; y: number }[] {
  const tops: { page: number; y: number }[] = [];
  let page = 0;
  let y = MARGIN;
  for (const h of heights) {
    if (y + h > pageHeight - MARGIN && y > MARGIN) {
      page++;
      y = MARGIN;
    }
    tops.push({ page, y });
    y += h;
  }
  return tops;
}

function sameOrEnd(
  tops: { page: number; y: number }[],
  first: number,
  last: number,
  heights: number[],
  pageHeight: number,
) {
  let end = first;
  while (end < last && tops[end + 1]!.page === tops[first]!.page) end++;
  return Math.min(tops[end]!.y + heights[end]! - tops[first]!.y, pageHeight - MARGIN - tops[first]!.y);
}

/** The cells a merge hides (all of its area but its first cell). */
function coveredBy(merges: Merge[]): Set<string> {
  const covered = new Set<string>();
  for (const m of merges) {
    for (let r = 0; r < m.rowSpan; r++) {
      for (let c = 0; c < m.colSpan; c++) if (r || c) covered.add(`${m.row + r}:${m.col + c}`);
    }
  }
  return covered;
}

function drawCell(doc: PDFKit.PDFDocument, c: RenderedCell, area: Area): void {
  const style = c.style ?? {};
  if (style.background) doc.rect(area.x, area.y, area.width, area.height).fill(style.background);
  if (style.border) doc.lineWidth(0.5).rect(area.x, area.y, area.width, area.height).stroke('#000000');
  const size = style.fontSize ?? FONT_SIZE;
  doc
    .font(style.bold ? 'bold' : 'regular')
    .fontSize(size)
    .fillColor(style.color ?? '#000000')
    .text(c.text, area.x + PADDING, area.y + (area.height - size) / 2 - 1, {
      width: Math.max(area.width - 2 * PADDING, 1),
      height: size * 1.4,
      align: style.align ?? (c.numeric ? 'right' : 'left'),
      lineBreak: false,
      ellipsis: true,
      oblique: style.italic,
    });
}
