import { type ExtraStyles, stylesXml } from '../../platform/xlsx/sheet-xml.ts';
import type { RenderedCell } from './render.ts';
import type { CellStyle } from './template.ts';

// The defaults of the styles part (platform/xlsx/sheet-xml.ts) come first: 1 font, 2 fills, 1 border, 2 cell styles.
const FONTS = 1;
const FILLS = 2;
const BORDERS = 1;
const CELL_STYLES = 2;
const THIN =
  '<border><left style="thin"/><right style="thin"/><top style="thin"/><bottom style="thin"/><diagonal/></border>';
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/** The cells' styles as a workbook's styles part, and the cell style of each template style (0 for none). */
export interface SheetStyles {
  xml: string;
  idOf(style: CellStyle | undefined): number;
}

/** One font, fill and cell style per distinct look of the report's cells: a report has few. */
export function sheetStyles(cells: readonly RenderedCell[]): SheetStyles {
  const extra = { fonts: [] as string[], fills: [] as string[], borders: [THIN], cellXfs: [] as string[] };
  const fonts = new Map<string, number>();
  const fills = new Map<string, number>();
  const ids = new Map<string, number>();
  const indexOf = (map: Map<string, number>, list: string[], xml: string, base: number) => {
    if (!map.has(xml)) map.set(xml, base + list.push(xml) - 1);
    return map.get(xml)!;
  };
  for (const { style } of cells) {
    const key = JSON.stringify(style ?? {});
    if (!style || ids.has(key)) continue;
    const font = fontXml(style);
    const fontId = font ? indexOf(fonts, extra.fonts, font, FONTS) : 0;
    const fillId = style.background ? indexOf(fills, extra.fills, fillXml(style.background), FILLS) : 0;
    const borderId = style.border ? BORDERS : 0;
    const align = style.align ? `<alignment horizontal="${style.align}" vertical="center"/>` : '';
    extra.cellXfs.push(
      `<xf numFmtId="0" fontId="${fontId}" fillId="${fillId}" borderId="${borderId}" xfId="0"` +
        ` applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1">${align}</xf>`,
    );
    ids.set(key, CELL_STYLES + extra.cellXfs.length - 1);
  }
  return {
    xml: stylesXml(extra satisfies ExtraStyles),
    idOf: (style) => (style ? (ids.get(JSON.stringify(style)) ?? 0) : 0),
  };
}

function fontXml(style: CellStyle): string | null {
  if (!style.bold && !style.italic && !style.color && !style.fontSize) return null;
  return (
    `<font>${style.bold ? '<b/>' : ''}${style.italic ? '<i/>' : ''}<sz val="${style.fontSize ?? 11}"/>` +
    `${style.color ? `<color rgb="${argb(style.color)}"/>` : ''}<name val="Calibri"/></font>`
  );
}

const fillXml = (background: string) =>
  `<fill><patternFill patternType="solid"><fgColor rgb="${argb(background)}"/><bgColor indexed="64"/></patternFill></fill>`;
