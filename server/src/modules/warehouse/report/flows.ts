import { type RawBuilder, sql } from 'kysely';
import { localDate, type Span } from '../stock/flows.ts';

// What the reports and the home page read for the movements of a period: the ledger's summaries
// (`stock/flows.ts`), as few rows as the period allows. A period [start, end) is cut into whole
// years, then whole months and whole days at its ends, each read from its span's rows; only what
// is left of a day at either end (a bound that is not a local midnight) comes from the ledger,
// through the documents of those hours. An open bound reaches to the first or last year. Where a
// month (a year) is mostly inside the period, it is read whole, less the days (months) outside:
// a quarter ending on the 25th reads November and subtracts five days rather than add 25 (at 1M
// movements a year, 9,500 summary rows instead of 25,000).

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

/** Rows of a span over [from, to), added, or subtracted (`sign` -1) from a wider span's. */
type Piece = { span: Span | 'ledger'; from?: Date; to?: Date; sign?: -1 };

/** The pieces of [start, end): the ledger for part-days, then each span for what it covers whole. */
export function cutPeriod(start?: Date, end?: Date): Piece[] {
  const pieces: Piece[] = [];
  let [from, to] = [start, end];
  let below: Piece['span'] = 'ledger';
  for (const level of LEVELS) {
    const inner = [from && level.up(from), to && level.down(to)] as const;
    if (inner[0] && inner[1] && inner[0] >= inner[1]) break;
    if (from && inner[0]! > from) pieces.push(...edge(below, level, from, inner[0]!, 'start'));
    if (to && inner[1]! < to) pieces.push(...edge(below, level, inner[1]!, to, 'end'));
    [from, to] = inner;
    below = level.span;
  }
  if (!(from && to && from >= to)) pieces.push({ span: below, from, to });
  return pieces;
}

/**
 * What is left of a span at one end of a period, [from, to), in spans of `below`: as is, or as the
 * whole span less the rest of it when that is fewer rows to read (a whole span counts as one).
 */
function edge(below: Piece['span'], level: Level, from: Date, to: Date, side: 'start' | 'end'): Piece[] {
  const as = { span: below, from, to };
  if (below === 'ledger') return [as];
  const whole = side === 'start' ? { from: level.down(from), to } : { from, to: level.up(to) };
  const rest = side === 'start' ? { from: whole.from, to: from } : { from: to, to: whole.to };
  if (1 + spansBetween(below, rest.from, rest.to) >= spansBetween(below, from, to)) return [as];
  return [
    { span: level.span, ...whole },
    { span: below, ...rest, sign: -1 },
  ];
}

/** How many days or months [from, to) holds (both on their span's starts). */
function spansBetween(span: Span, from: Date, to: Date): number {
  if (span === 'd') return Math.round((to.getTime() - from.getTime()) / 86_400_000);
  return (to.getFullYear() - from.getFullYear()) * 12 + to.getMonth() - from.getMonth();
}

/**
 * The refuels' and deliveries' movements of a period, or their sums, as rows of (device_id,
 * material_code_id, kind, source_type, provider_id (null for none), quantity, amount, movements), at
 * a grain: `stock` a row per device and material, `material` per material over every device
 * (device_id 0), `device` per device over every material (material_code_id 0). The ledger's
 * part-days are always per device and material, which sums to any of them. Rows of a subtracted
 * piece are negative, movements too: what nets to no movement was not in the period.
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

/**
 * The inbound and outbound of a period per material (`in_quantity`, `in_amount`, `out_quantity`,
 * `out_amount`: the refuels' `in` and the deliveries' `out`, outbound as positive numbers) and, with
 * `byProvider`, per refuel provider too (`provider_id`: 0 for none, null for the outbound), of a device subtree
 * when `devices` (a condition on `device_id`) is given, of the materials `materials` selects (their
 * ids) when given. Summed before anything joins them, and the materials chosen by a lookup, not a
 * join: the planner guesses a keyword leaves one material (row-level security and `ilike` hide how
 * many), and from one material it loops, reading every flow row or summed row again for each of
 * them (47 and 86 ms where the lookup takes 5). `(… in (…)) is true` keeps the lookup a hashed
 * subplan (a bare `in` becomes a join again; `= any(array(…))` searches the array linearly: 11k
 * materials matching a keyword took 2 s, hashed 155 ms).
 */
export function materialFlows(
  tenantId: string,
  period: { start?: Date; end?: Date },
  options: { devices?: RawBuilder<unknown>; materials?: RawBuilder<unknown>; byProvider?: boolean } = {},
): RawBuilder<unknown> {
  // a refuel without a provider is 0, not null: null is the outbound's, put to a default provider
  const provider = options.byProvider
    ? sql`case when kind = 'in' then coalesce(provider_id, 0) end`
    : sql`null::bigint`;
  const sum = (column: string, kind: string) => sql`coalesce(sum(${sql.ref(column)}) filter (where kind = ${kind}), 0)`;
  return sql`(select material_code_id, ${provider} as provider_id,
      ${sum('quantity', 'in')} as in_quantity, ${sum('amount', 'in')} as in_amount,
      -${sum('quantity', 'out')} as out_quantity, -${sum('amount', 'out')} as out_amount
    from ${flowsOf(tenantId, period, options.devices ? 'stock' : 'material')} f
    where ((kind = 'in' and source_type = 'refuel') or (kind = 'out' and source_type = 'delivery'))
      and ${options.devices ?? sql`true`}
      and ${options.materials ? sql`(material_code_id in (${options.materials})) is true` : sql`true`}
    group by material_code_id, 2
    having sum(movements) > 0)`;
}

export type Grain = 'stock' | 'material' | 'device';
const GRAINS: Record<Grain, RawBuilder<unknown>> = {
  stock: sql`device_id <> 0 and material_code_id <> 0`,
  material: sql`device_id = 0`,
  device: sql`material_code_id = 0`,
};

function summaryPiece(tenantId: string, piece: Piece, grain: Grain) {
  const signed = (column: string) => (piece.sign ? sql`-${sql.ref(column)}` : sql.ref(column));
  return sql`select device_id, material_code_id, kind, source_type, nullif(provider_id, 0) as provider_id,
      ${signed('quantity')} as quantity, ${signed('amount')} as amount, ${signed('movements')} as movements
    from wh_stock_flow
    where tenant_id = ${tenantId} and span = ${piece.span}
      and ${piece.from ? sql`start >= ${localDate(piece.from)}::date` : sql`true`}
      and ${piece.to ? sql`start < ${localDate(piece.to)}::date` : sql`true`}
      and ${GRAINS[grain]} and movements > 0`;
}

/** Less than a day at an end of the period: the movements of the documents of those hours. */
function ledgerPiece(tenantId: string, from: Date, to: Date) {
  const movements = (header: string, time: string, provider: RawBuilder<unknown>, source: string) => sql`
    select s.device_id, s.material_code_id, s.kind, s.source_type, ${provider} as provider_id, s.quantity, s.amount,
           1 as movements
    from ${sql.table(header)} h
    join wh_stock_movement s on s.tenant_id = h.tenant_id and s.source_type = ${source} and s.source_id = h.id
    where h.tenant_id = ${tenantId} and ${sql.ref(`h.${time}`)} >= ${from} and ${sql.ref(`h.${time}`)} < ${to}`;
  return sql`${movements('wh_refuel', 'refuel_time', sql`h.provider_id`, 'refuel')}
    union all ${movements('wh_delivery', 'apply_time', sql`null::bigint`, 'delivery')}`;
}
