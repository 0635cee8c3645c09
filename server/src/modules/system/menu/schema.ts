import { z } from 'zod';
import { optionalText, requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { menuMessages as m } from './messages.ts';

/** An id, or 0 for "no parent" (BladeX's top parent id). */
export const parentIdSchema = z.union([z.literal('0'), z.literal(0).transform(() => '0' as const), idSchema]);

/** A menu or button as the menu form submits it (BladeX Menu). */
export const menuInput = z.object({
  parentId: parentIdSchema.default('0'),
  code: requiredText(m['menu.code.required'], 255),
  name: requiredText(m['menu.name.required'], 255),
  alias: optionalText(255),
  path: optionalText(255),
  source: optionalText(255),
  sort: z.number().int().min(0).max(1_000_000).optional(),
  category: z.union([z.literal(1), z.literal(2)], { error: m['menu.category.required'] }),
  action: z.number().int().min(0).max(3).optional(),
  isOpen: z.number().int().min(1).max(2).optional(),
  remark: optionalText(255),
});
export type MenuInput = z.infer<typeof menuInput>;

/** An update sends only what changes; a present field is checked as on insert. */
export const menuUpdate = menuInput.partial().extend({ parentId: parentIdSchema.optional() });

export const menuSubmitBody = menuUpdate.extend({ id: idSchema.optional() }).loose();

export const lazyQuery = z.looseObject({ parentId: parentIdSchema.optional() });

export const treeQuery = z.object({
  tenantId: z.string().trim().max(12).optional(),
  /** `true`: the buttons too (a package's tree: it grants the buttons it shows). */
  buttons: z.enum(['true', 'false']).optional(),
});
