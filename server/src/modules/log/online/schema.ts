import { z } from 'zod';
import { pageQuerySchema } from '../../../platform/http/query.ts';

const FILTER_MAX = 200;
// Lower-case, as randomUUID writes them (platform/auth/tokens.ts newSessionId).
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const text = (what: string) => z.string().max(FILTER_MAX).optional().describe(`sessions whose ${what} contains this`);

/** `online/list`: paging, contains filters, the sign-in time range; `tenantId` for the platform administrator. */
export const sessionListQuery = pageQuerySchema
  .extend({
    account: text('account'),
    userName: text("user's name"),
    clientId: text('client id'),
    remoteIp: text('address'),
    tenantId: z.string().trim().max(12).optional().describe("one tenant's sessions (the platform administrator)"),
    loginTime_datege: z.string().max(40).optional().describe('signed in at or after this time'),
    loginTime_datelt: z.string().max(40).optional().describe('signed in before this time'),
  })
  .loose();

const sessionId = z.string().trim().regex(SESSION_ID, { error: 'error.validation.invalid' });

export const sessionDetailQuery = z.object({ id: sessionId.describe('the session') });

/** `online/logout?ids=`: the sessions to end, comma-joined. */
export const sessionIdsQuery = z.object({
  ids: z
    .string({ error: 'error.ids' })
    .max(4000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length > 0 && ids.length <= 100, { error: 'error.ids' })
    .refine((ids) => ids.every((id) => SESSION_ID.test(id)), { error: 'error.validation.invalid' })
    .transform((ids) => [...new Set(ids)])
    .describe('session ids, comma-joined'),
});
