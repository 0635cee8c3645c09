import { z } from 'zod';
import { requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { nonNegativeQuantity } from '../inputs.ts';
import { materialsMessages as m } from './messages.ts';

/** A stocktake of one stock: what was counted, and why it differs. */
export const stocktakeInput = z.object({
  deviceId: idSchema,
  materialCodeId: idSchema,
  countedQuantity: nonNegativeQuantity,
  reason: requiredText(m['warehouse.stocktake.reason.required'], 255),
});
export type StocktakeInput = z.infer<typeof stocktakeInput>;
