import { z } from 'zod';
import { dateInput, FILTER_DATES } from '../../../platform/http/dates.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { withDefault } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import { reportMessages as m } from './messages.ts';

const text = z.string().trim().max(100).optional();
const id = z.union([idSchema, z.literal('').transform(() => undefined)]).optional();

/** What every report may be filtered by: a device subtree, a type subtree, a material, a keyword. */
export const stockFilters = z.object({
  deviceId: id,
  materialTypeId: id,
  materialCodeId: id,
  /** Part of a material's code or name. */
  keyword: text,
});

/** `yyyy-MM-dd` (the whole day, server time), `yyyy-MM-dd HH:mm:ss` or ISO 8601; blank is no bound. */
const time = z
  .union([z.literal('').transform(() => undefined), dateInput(FILTER_DATES)])
  .optional()
  .transform((v) => v && { at: v.at, wholeDay: v.dateOnly });

export const periodQuery = z.object({ startTime: time, endTime: time });

/**
 * A period as [start, end): a date-only end takes in its whole day. Without a start, `defaultDays`
 * whole days up to today (from midnight: a start mid-day would read that day's documents).
 */
export function period(query: z.infer<typeof periodQuery>, defaultDays?: number): { start?: Date; end?: Date } {
  const end = query.endTime
    ? new Date(query.endTime.at.getTime() + (query.endTime.wholeDay ? 86_400_000 : 0))
    : undefined;
  const now = new Date();
  const start =
    query.startTime?.at ??
    (defaultDays ? new Date(now.getFullYear(), now.getMonth(), now.getDate() - (defaultDays - 1)) : undefined);
  if (start && end && end < start) throw badRequest(m['warehouse.report.timeRange']);
  return { start, end };
}

export const inventoryDetailQuery = pageQuerySchema.extend(stockFilters.shape).extend({
  state: z
    .enum(['ok', 'low', 'out'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const inventoryMateriasQuery = pageQuerySchema.extend(stockFilters.shape);
export const priceCountQuery = pageQuerySchema
  .extend(stockFilters.shape)
  .extend(periodQuery.shape)
  .extend({ groupBy: withDefault(z.enum(['material', 'type', 'provider']), 'material') });

export type InventoryDetailQuery = z.infer<typeof inventoryDetailQuery>;
export type InventoryMateriasQuery = z.infer<typeof inventoryMateriasQuery>;
export type PriceCountQuery = z.infer<typeof priceCountQuery>;
export type StockFilters = z.infer<typeof stockFilters>;

// The answers, for the API document. Sums are decimals (numeric), sent as text; counts are numbers.
const decimal = z.union([z.string(), z.number()]).describe('a decimal (as text)');
const count = z.number().int();

export const keyFiguresAnswer = z.object({
  stockValue: decimal,
  belowSafetyStock: count,
  outOfStock: count,
  todayRefuels: count,
  todayDeliveries: count,
  todayInQuantity: decimal,
  todayInAmount: decimal,
  todayOutQuantity: decimal,
  todayOutAmount: decimal,
  untreatedNotices: count,
});
export const valueByTypeAnswer = z.array(
  z.object({ typeId: z.string(), typeCode: z.string(), typeName: z.string(), amount: decimal, quantity: decimal }),
);
export const monthlyFlowAnswer = z.array(
  z.object({
    month: z.string().describe('yyyy-MM'),
    inQuantity: decimal,
    inAmount: decimal,
    outQuantity: decimal,
    outAmount: decimal,
  }),
);
export const topConsumedAnswer = z.array(
  z.object({
    materialCodeId: z.string(),
    materialCode: z.string(),
    materialName: z.string(),
    unit: z.string().nullable(),
    quantity: decimal,
    amount: decimal,
  }),
);
