import { z } from 'zod';
import { choice, nullish, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { nonNegativeQuantity, optionalId, price } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';
import { materialsCodeMessages as m } from './messages.ts';

/** A material (the material master) as its form sends it; `unit` is a key of the `material_unit` dictionary. */
export const materialsCodeInput = z.object({
  code: requiredText(w['warehouse.code.required'], 64),
  name: requiredText(w['warehouse.name.required'], 100),
  typeId: z.union([z.string(), z.number()], { error: m['warehouse.materialsCode.typeId.required'] }).pipe(idSchema),
  specification: optionalText(200),
  unit: optionalText(32),
  brand: optionalText(100),
  barcode: optionalText(64),
  defaultProviderId: optionalId,
  referencePrice: nullish(price),
  safetyStock: nullish(nonNegativeQuantity),
  maxStock: nullish(nonNegativeQuantity),
  imageUrl: optionalText(1000),
  remark: optionalText(255),
  status: optional(choice(0, 1)),
});
