import { z } from 'zod';
import { requiredText } from '../../../platform/http/fields.ts';
import { datasourceMessages as m } from './messages.ts';

/** A datasource as its form sends it; the password in clear, sealed before it is stored. */
export const datasourceInput = z.object({
  name: requiredText(m['datasource.name.required'], 100),
  driverClass: requiredText(m['datasource.driverClass.required'], 100),
  url: requiredText(m['datasource.url.required'], 500),
  username: requiredText(m['datasource.username.required'], 45),
  password: z.string().min(1).max(500).optional(),
  remark: z.string().trim().max(255).nullish(),
});
