import { z } from 'zod';
import { idSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import type { LogTable } from './tables.ts';

const FILTER_MAX = 200;

/**
 * `list`: paging, the createTime range and each filterable field (contains, as BladeX's map-style
 * filters read a key without suffix); other suffix operators (`requestUri_equal`) pass as in every
 * map-style list. `tenantId` is honoured for the platform administrator only.
 */
export function logListQuery(table: LogTable) {
  const filters = Object.fromEntries(
    Object.entries(table.fields)
      .filter(([name, f]) => f.filter !== false && f.kind === 'text' && name !== 'tenantId')
      .map(([name]) => [name, z.string().max(FILTER_MAX).optional().describe(`rows whose ${name} contains this`)]),
  );
  return pageQuerySchema
    .extend({
      ...filters,
      tenantId: z
        .string()
        .trim()
        .max(12)
        .optional()
        .describe("one tenant's rows (the platform administrator; others always see their own tenant's)"),
      createTime_datege: z.string().max(40).optional().describe('written at or after this time'),
      createTime_datelt: z.string().max(40).optional().describe('written before this time'),
    })
    .loose();
}

export const logDetailQuery = z.object({ id: idSchema.describe('the log row') });
