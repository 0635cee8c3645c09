import { z } from 'zod';

const text = (max: number) => z.string().max(max).optional();

/**
 * The token endpoint's parameters, in the query (Saber sends them there) or a form body. Loose: a
 * client may send more. Bounds keep absurd values from the lookups; NUL is refused as everywhere.
 */
export const tokenParamsSchema = z
  .object({
    grant_type: text(32),
    username: text(100),
    password: text(128),
    tenantId: text(12),
    tenant_id: text(12),
    refresh_token: text(4096),
    scope: text(100),
    // the social grant: the provider's redirect, or the registration dialog's link (oauth_id)
    source: text(16),
    code: text(2048),
    state: text(128),
    iss: text(500),
    oauth_id: text(64),
  })
  .loose();
