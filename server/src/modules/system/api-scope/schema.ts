import { z } from 'zod';
import { optionalText, requiredText } from '../../../platform/http/fields.ts';
import { intBetween, menuIdField } from '../data-scope/schema.ts';
import { apiScopeMessages as m } from './messages.ts';

/** An API-scope rule as its form submits it (blade_scope_api): a role holding any is limited to their paths. */
export const apiScopeInput = z.object({
  menuId: menuIdField(m['apiScope.menuId.required']),
  resourceCode: requiredText(m['apiScope.resourceCode.required'], 255),
  scopeName: requiredText(m['apiScope.scopeName.required'], 255),
  scopePath: requiredText(m['apiScope.scopePath.required'], 255).regex(/^\/api\/[^\s?#]*$/, {
    error: m['apiScope.scopePath.invalid'],
  }),
  scopeType: intBetween(1, 2, m['apiScope.scopeType.required']),
  remark: optionalText(255),
});
export type ApiScopeInput = z.infer<typeof apiScopeInput>;
