import { z } from 'zod';
import { int, optional, requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { topMenuMessages as m } from './messages.ts';

/** A top menu as its form submits it (BladeX TopMenu). */
export const topMenuInput = z.object({
  code: requiredText(m['topmenu.code.required'], 255),
  name: requiredText(m['topmenu.name.required'], 255),
  source: z.string().trim().max(255).nullish(),
  path: z.string().trim().max(255).nullish(),
  sort: optional(int(0, 1_000_000)),
  status: optional(int()),
});
export type TopMenuInput = z.infer<typeof topMenuInput>;

/** `POST /topmenu/grant`: the menus shown under each of these top menus (replacing what they had). */
export const topMenuGrantInput = z.object({
  topMenuIds: z.array(idSchema, { error: m['topmenu.topMenuIds.required'] }).min(1, {
    error: m['topmenu.topMenuIds.required'],
  }),
  menuIds: z.array(idSchema).max(5000).default([]),
});
export type TopMenuGrantInput = z.infer<typeof topMenuGrantInput>;
