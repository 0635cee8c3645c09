import { z } from 'zod';
import { choice, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { optionalId } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';

/**
 * A person who may take materials, as the face-image form sends them. `imageUrl` is the `link` an
 * upload (put-file) answered; saving it computes the face descriptor, which no answer ever shows.
 */
export const faceimgInput = z.object({
  name: requiredText(w['warehouse.name.required'], 64),
  employeeNo: optionalText(64),
  userId: optionalId,
  deptId: optionalId,
  phone: optionalText(32),
  imageUrl: optionalText(1000),
  remark: optionalText(255),
  status: optional(choice(0, 1)),
});
