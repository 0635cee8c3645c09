import { z } from 'zod';
import { badRequest } from '../../../platform/http/errors.ts';
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

/** `yyyy-MM-dd` (the whole day, server time), `yyyy-MM-dd HH:mm:ss` or ISO 8601. */
const time = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const at = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(v.replace(' ', 'T'));
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'error.validation.invalid' });
      return z.NEVER;
    }
    return { at, wholeDay: !!day };
  });

export const periodQuery = z.object({ startTime: time, endTime: time });

/** A period as [start, end): a date-only end takes in its whole day. */
export function period(query: z.infer<typeof periodQuery>, defaultDays?: number): { start?: Date; end?: Date } {
  const end = query.endTime
    ? new Date(query.endTime.at.getTime() + (query.endTime.wholeDay ? 86_400_000 : 0))
    : undefined;
  const start = query.startTime?.at ?? (defaultDays ? new Date(Date.now() - defaultDays * 86_400_000) : undefined);
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
  .extend({ groupBy: z.enum(['material', 'type', 'provider']).default('material') });

export type InventoryDetailQuery = z.infer<typeof inventoryDetailQuery>;
export type InventoryMateriasQuery = z.infer<typeof inventoryMateriasQuery>;
export type PriceCountQuery = z.infer<typeof priceCountQuery>;
export type StockFilters = z.infer<typeof stockFilters>;
