import { z } from 'zod';

const counts = z.array(z.number().int());

/**
 * The dashboard's figures of the caller's tenant; a part the caller may not read (its screen's
 * permission) is null, so the page shows what the caller could find elsewhere and nothing more.
 */
export const figuresSchema = z.object({
  days: z.array(z.string()).describe('the last seven days, oldest first (yyyy-MM-dd, server time)'),
  users: z
    .object({
      total: z.number().int().describe('live users of the tenant'),
      signedInWeek: z.number().int().describe('accounts that signed in during the last seven days'),
    })
    .nullable(),
  apiCalls: counts.nullable().describe('calls that may change data (the api log), per day'),
  errors: counts.nullable().describe('unexpected errors (the error log), per day'),
  warehouse: z
    .record(z.string(), z.union([z.string(), z.number(), z.null()]))
    .nullable()
    .describe("the warehouse's key figures, as the home page shows them"),
});
export type Figures = z.infer<typeof figuresSchema>;
