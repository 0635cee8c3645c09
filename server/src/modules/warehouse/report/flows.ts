import { type RawBuilder, sql } from 'kysely';
import { localDate, type Span } from '../stock/flows.ts';

// What the reports and the home page read for the movements of a period: the ledger's summaries
// (`stock/flows.ts`), as few rows as the period allows. A period [start, end) is cut into whole
// years, then whole months and whole days at its ends, each read from its span's rows; only what
// is left of a day at either end (a bound that is not a local midnight) comes from the ledger,
// through the documents of those hours. An open bound reaches to the first or last year.

type Cut = (at: Date) => Date;
interface Level {
  span: Span;
  /** The start of the span at or after an instant. */
  up: Cut;
  /** The start of the span at or before an instant. */
  down: Cut;
}

const dayOf: Cut = (at) => new Date(at.getFullYear(), at.getMonth(), at.getDate());
const monthOf: Cut = (at) => new Date(at.getFullYear(), at.getMonth(), 1);
const yearOf: Cut = (at) => new Date(at.getFullYear(), 0, 1);
const next = (of: Cut, step: (at: Date) => Date) => (at: Date) =>
  of(at).getTime() === at.getTime() ? at : step(of(at));

const LEVELS: Level[] = [
  { span: 'd', down: dayOf, up: next(dayOf, (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) },
  { span: 'm', down: monthOf, up: next(monthOf, (d) => new Date(d.getFullYear(), d.getMonth() + 1, 1)) },
  { span: 'y', down: yearOf, up: next(yearOf, (d) => new Date(d.getFullYear() + 1, 0, 1)) },
];

type Piece = { span: Span | 'ledger'; from?: Date; to?: Date };

/** The pieces of [start, end): the ledger for part-days, then each span for what it covers whole. */
export function cutPeriod(start?: Date, end?: Date): Piece[] {
  const pieces: Piece[] = [];
  let [from, to] = [start, end];
  let below: Piece['span'] = 'ledger';
  for (const level of LEVELS) {
    const inner = [from && level.up(from), to && level.down(to)] as const;
    if (inner[0] && inner[1] && inner[0] >= inner[1]) break;
    if (from && inner[0]! > from) pieces.push({ span: below, from, to: inner[0] });
    if (to && inner[1]! < to) pieces.push({ span: below, from: inner[1], to });
    [from, to] = inner;
    below = level.span;
  }
  if (!(from && to && from >= to)) pieces.push({ span: below, from, to });
  return pieces;
}

/**
 * The refuels' and deliveries' movements of a period, or their sums, as rows of (device_id,
material_code_id, kind, source_type, provider_id (null for none), quantity, amount), at a grain:
 * `stock` a row per device and material, `material` per material over every device (device_id 0),
 * `device` per device over every material (material_code_id 0). The ledger's part-days are always
 * per device and material, which sums to any of them.
 */
export function flowsOf(
  tenantId: string,
  period: { start?: Date; end?: Date },
  grain: Grain = 'stock',
): RawBuilder<unknown> {
  const parts = cutPeriod(period.start, period.end).map((piece) =>
    piece.span === 'ledger' ? ledgerPiece(tenantId, piece.from!, piece.to!) : summaryPiece(tenantId, piece, grain),
  );
  // an empty period: no rows, with the columns
  if (!parts.length) return sql`(${summaryPiece(tenantId, { span: 'd' }, grain)} and false)`;
  return sql`(${sql.join(parts, sql` union all `)})`;
}

export type Grain = 'stock' | 'material' | 'device';
const GRAINS: Record<Grain, RawBuilder<unknown>> = {
  stock: sql`device_id <> 0 and material_code_id <> 0`,
  material: sql`device_id = 0`,
  device: sql`material_code_id = 0`,
};

function summaryPiece(tenantId: string, piece: Piece, grain: Grain) {
  return sql`select device_id, material_code_id, kind, source_type, nullif(provider_id, 0) as provider_id, quantity, amount
    from wh_stock_flow
    where tenant_id = ${tenantId} and span = ${piece.span}
      and ${piece.from ? sql`start >= ${localDate(piece.from)}::date` : sql`true`}
      and ${piece.to ? sql`start < ${localDate(piece.to)}::date` : sql`true`}
      and ${GRAINS[grain]} and movements > 0`;
}

/** Less than a day at an end of the period: the movements of the documents of those hours. */
function ledgerPiece(tenantId: string, from: Date, to: Date) {
  const movements = (header: string, time: string, provider: RawBuilder<unknown>, source: string) => sql`
    select s.device_id, s.material_code_id, s.kind, s.source_type, ${provider} as provider_id, s.quantity, s.amount
    from ${sql.table(header)} h
    join wh_stock_movement s on s.tenant_id = h.tenant_id and s.source_type = ${source} and s.source_id = h.id
    where h.tenant_id = ${tenantId} and ${sql.ref(`h.${time}`)} >= ${from} and ${sql.ref(`h.${time}`)} < ${to}`;
  return sql`${movements('wh_refuel', 'refuel_time', sql`h.provider_id`, 'refuel')}
    union all ${movements('wh_delivery', 'apply_time', sql`null::bigint`, 'delivery')}`;
}
