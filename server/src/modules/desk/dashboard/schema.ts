import { z } from 'zod';

const counts = z.array(z.number().int());

/**
 * The dashboard's figures of the caller's tenant; a part the caller may not read (its screen's
 * permission) is left empty (null, answered as BladeX answers it: `{}` or `[]`), so the page shows what
 * the caller could find elsewhere and nothing more.
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

/** An entry of `activities`: a call that changed data (api log) or a business event (usual log). */
export const activitySchema = z.object({
  id: z.string(),
  source: z.enum(['api', 'usual']).describe('the log it comes from'),
  title: z.string().nullable().describe("the api log's title of the call, or the usual log's event code"),
  method: z.string().nullable(),
  requestUri: z.string().nullable(),
  createBy: z.string().nullable().describe('the account that did it'),
  createTime: z.date(),
});
export type Activity = z.infer<typeof activitySchema>;

/** `sign`: when the caller signed today, and whether this call was the day's first. */
export const signedSchema = z.object({
  signTime: z.date(),
  first: z.boolean().describe('false when the caller had already signed today (nothing new is written)'),
});
export type Signed = z.infer<typeof signedSchema>;

/** `info`: the caller's desk. */
export const deskInfoSchema = z.object({
  userId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  tenantId: z.string(),
  tenantName: z.string().nullable(),
  signedToday: z.boolean(),
  signTime: z.date().nullable().describe("today's sign, if any"),
});
export type DeskInfo = z.infer<typeof deskInfoSchema>;
