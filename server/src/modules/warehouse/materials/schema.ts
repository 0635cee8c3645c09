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

const decimal = z.string().describe('a decimal, as text');

/** `materials/stocktake`: the correcting movement posted (null when the count matched). */
export const stocktakeAnswerSchema = z
  .object({
    id: z.string(),
    deviceId: z.string(),
    materialCodeId: z.string(),
    quantity: decimal,
    unitPrice: decimal,
    amount: decimal.describe("the signed change of the balance's value"),
    balanceAfter: decimal,
  })
  .nullable();
