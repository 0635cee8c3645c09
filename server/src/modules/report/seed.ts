import { sql } from 'kysely';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { insertReport } from './repository.ts';
import type { ReportTemplate, TemplateCell } from './template.ts';

export const STOCK_VALUE_REPORT = '库存价值（按物料类型）';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const HEAD = { bold: true, align: 'center', border: true, background: '#f0f0f0' } as const;
const BODY = { border: true } as const;
const COLUMNS: [label: string, field: string, format?: TemplateCell['format']][] = [
  ['物料类型', 'type'],
  ['物料数', 'materials', '0'],
  ['期间入库', 'moved_in', '0.00'],
  ['期间出库', 'moved_out', '0.00'],
  ['库存数量', 'quantity', '0.00'],
  ['库存价值', 'value', '#,##0.00'],
];

/** The template of the seeded report: a title, the period, one row per material type and the totals. */
export function stockValueTemplate(today = new Date()): ReportTemplate {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const last = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  const band = (col: number): TemplateCell => {
    const [, field, format] = COLUMNS[col]!;
    return { row: 3, col, bind: { dataset: 'stock', field, expand: 'down', aggregate: 'list' }, format, style: BODY };
  };
  const total = (col: number): TemplateCell => {
    const [, field, format] = COLUMNS[col]!;
    const bind = { dataset: 'stock', field, expand: 'none', aggregate: 'sum' } as const;
    return { row: 4, col, bind, format, style: { ...BODY, bold: true } };
  };
  return {
    version: 1,
    sheet: {
      rows: 5,
      cols: COLUMNS.length,
      cells: [
        { row: 0, col: 0, text: STOCK_VALUE_REPORT, style: { bold: true, align: 'center', fontSize: 16 } },
        { row: 1, col: 0, text: `期间：\${from} 至 \${to}`, style: { align: 'center' } },
        ...COLUMNS.map(([label], col): TemplateCell => ({ row: 2, col, text: label, style: HEAD })),
        ...COLUMNS.map((_, col) => band(col)),
        { row: 4, col: 0, text: '合计', style: { ...BODY, bold: true } },
        ...COLUMNS.slice(1).map((_, i) => total(i + 1)),
      ],
      merges: [
        { row: 0, col: 0, rowSpan: 1, colSpan: COLUMNS.length },
        { row: 1, col: 0, rowSpan: 1, colSpan: COLUMNS.length },
      ],
      colWidths: [160, 80, 100, 100, 100, 120],
    },
    datasets: [{ name: 'stock', kind: 'builtin', builtin: 'stock_value_by_type' }],
    params: [
      { name: 'from', label: '开始日期', type: 'date', required: true, default: day(first) },
      { name: 'to', label: '结束日期', type: 'date', required: true, default: day(last) },
    ],
  };
}

/** The warehouse tenant's report of stock value by material type (docs/report-designer.md §Seed), once. */
export async function seedStockValueReport(trx: AnyTrx, caller: Caller): Promise<void> {
  const { rows } = await sql`select 1 from blade_report_file
    where tenant_id = ${caller.tenantId} and name = ${STOCK_VALUE_REPORT} and is_deleted = 0`.execute(trx);
  if (rows.length === 0) await insertReport(trx, caller, STOCK_VALUE_REPORT, stockValueTemplate());
}
