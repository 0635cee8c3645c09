import { z } from 'zod';
import { choice, int, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { parentIdInput } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';

/** A material type as its form sends it. */
export const materialsTypeInput = z.object({
  parentId: parentIdInput,
  code: requiredText(w['warehouse.code.required'], 64),
  name: requiredText(w['warehouse.name.required'], 100),
  sort: optional(int(0, 999_999)),
  remark: optionalText(255),
  status: optional(choice(0, 1)),
});
