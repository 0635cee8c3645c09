import { badRequest } from '../../platform/http/errors.ts';
import { warehouseMessages as m } from './messages.ts';

// What the columns hold: quantities numeric(16, 3), amounts numeric(18, 2) (see migrations/0008).
const QUANTITY_BOUND = 1e13;
const AMOUNT_BOUND = 1e16;

export interface PricedLine {
  quantity: string;
  unitPrice: string;
}

/**
 * That a document's lines and totals fit their columns: each amount (quantity x unit price), and
 * the sums of quantities and amounts the header keeps. Refused with a message before anything is
 * written (the quantity and the price each fit alone; their product and sums may not).
 */
export function checkAmounts(lines: readonly PricedLine[]): void {
  let quantities = 0;
  let amounts = 0;
  for (const line of lines) {
    const amount = Number(line.quantity) * Number(line.unitPrice);
    if (amount >= AMOUNT_BOUND) throw badRequest(m['warehouse.amount.tooLarge']);
    quantities += Number(line.quantity);
    amounts += amount;
  }
  if (quantities >= QUANTITY_BOUND || amounts >= AMOUNT_BOUND) throw badRequest(m['warehouse.total.tooLarge']);
}
