import { z } from 'zod';
import { choice, int, optional, optionalText, requiredText, updateOf } from '../../../platform/http/fields.ts';
import { idSchema, parentIdSchema } from '../../../platform/http/ids.ts';
import { menuMessages as m } from './messages.ts';

/** A menu or button as the menu form submits it (BladeX Menu). */
export const menuInput = z.object({
  parentId: parentIdSchema.default('0'),
  code: requiredText(m['menu.code.required'], 255),
  name: requiredText(m['menu.name.required'], 255),
  alias: optionalText(255),
  path: optionalText(255),
  source: optionalText(255),
  sort: optional(int(0, 1_000_000)),
  category: z.union([z.literal(1), z.literal(2)], { error: m['menu.category.required'] }),
  action: optional(choice(0, 3)),
  isOpen: optional(choice(1, 2)),
  remark: optionalText(255),
});
export type MenuInput = z.infer<typeof menuInput>;

/** An update sends only what changes; a present field is checked as on insert. */
export const menuUpdate = updateOf(menuInput).extend({ parentId: parentIdSchema.optional() });

export const menuSubmitBody = menuUpdate.extend({ id: optional(idSchema) }).loose();

export const lazyQuery = z.looseObject({ parentId: parentIdSchema.optional() });

export const treeQuery = z.object({
  tenantId: z.string().trim().max(12).optional(),
  /** `true`: the buttons too (a package's tree: it grants the buttons it shows). */
  buttons: optional(z.enum(['true', 'false'])),
});
