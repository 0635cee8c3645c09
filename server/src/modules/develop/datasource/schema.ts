import { z } from 'zod';
import { datasourceMessages as m } from './messages.ts';

const required = (key: string, max: number) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? key : undefined) })
    .trim()
    .min(1, { error: key })
    .max(max);

/** A datasource as its form sends it; the password in clear, sealed before it is stored. */
export const datasourceInput = z.object({
  name: required(m['datasource.name.required'], 100),
  driverClass: required(m['datasource.driverClass.required'], 100),
  url: required(m['datasource.url.required'], 500),
  username: required(m['datasource.username.required'], 45),
  password: z.string().min(1).max(500).optional(),
  remark: z.string().trim().max(255).nullish(),
});
