import { sql } from 'kysely';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { MovementRequest, PostedMovement } from './ledger.ts';

// The ledger's summaries that the reports and the home page read instead of the ledger itself
// (`wh_stock_flow`, migration 0012): the sums of quantity and amount of the refuels' and
// deliveries' movements (stocktakes are in no report) per period, device, material, kind, source
// and provider (a refuel's; 0 for none), with how many movements they sum (a group of movements
// that cancel out is still a row of the report, with zeros). Three spans of period — the day, the month and the year
// of the movement's *document* (a refuel's refuel time, a delivery's apply time; a cancellation's
// counter-movement counts with its document) in the server's local time, as the charts' days and
// months are — so a period reads a handful of whole years, months and days. Each span also has
// rollups: per device over every material (material 0), for the home page's figures and charts,
// and per material over every device (device 0), for the reports not filtered by device.

/** A period span of the summaries: the day, the month or the year (stored as their first day). */
export type Span = 'd' | 'm' | 'y';

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar date of an instant, `yyyy-MM-dd`. */
export const localDate = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** The first day of each span an instant is in, in local time. */
function spanStarts(at: Date): [Span, string][] {
  return [
    ['d', localDate(at)],
    ['m', `${at.getFullYear()}-${pad(at.getMonth() + 1)}-01`],
    ['y', `${at.getFullYear()}-01-01`],
  ];
}

/** The server's time zone, by which the database computes the same local dates as `localDate`. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const SUMMED: ReadonlySet<string> = new Set(['refuel', 'delivery']);
/** A stock's own row, its device's totals (material 0), its material's over every device (device 0). */
const ROLLUPS = sql`grouping sets ((device_id, material_code_id, provider_id), (device_id), (material_code_id, provider_id))`;
const KEY = sql`(tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id)`;

/**
 * Adds posted movements to the summaries, in the posting's transaction: one upsert of every row
 * they touch. A stock's own rows are only ever written under its balance's row lock (held to
 * commit), so they add up exactly; the rollups are shared by the postings of many stocks, so
 * they are written after them, in one order (device totals by device, then material totals by
 * material): a posting that waits for one holds no lock another posting in there still needs,
 * and two postings cannot deadlock.
 */
export async function addFlows(
  trx: AnyTrx,
  tenantId: string,
  requests: readonly MovementRequest[],
  posted: readonly PostedMovement[],
): Promise<void> {
  const values = requests.flatMap((request, i) => {
    if (!SUMMED.has(request.sourceType)) return [];
    const { quantity, amount } = posted[i]!;
    return spanStarts(request.at ?? new Date()).map(
      ([span, start]) =>
        sql`(${span}, ${start}::date, ${request.deviceId}::bigint, ${request.materialCodeId}::bigint, ${request.kind},
             ${request.sourceType}, ${request.providerId ?? '0'}::bigint, ${quantity}::numeric, ${amount}::numeric)`,
    );
  });
  if (!values.length) return;
  await sql`
    insert into wh_stock_flow (tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id,
                               quantity, amount, movements)
    select ${tenantId}, span, start, coalesce(device_id, 0), coalesce(material_code_id, 0), kind, source_type,
           coalesce(provider_id, 0), sum(quantity), sum(amount), count(*)
    from (values ${sql.join(values)}) v (span, start, device_id, material_code_id, kind, source_type, provider_id,
                                         quantity, amount)
    group by span, start, kind, source_type, ${ROLLUPS}
    order by grouping(device_id, material_code_id), 4, 5, span, start, kind, source_type, 8
    on conflict ${KEY} do update
      set quantity = wh_stock_flow.quantity + excluded.quantity, amount = wh_stock_flow.amount + excluded.amount,
          movements = wh_stock_flow.movements + excluded.movements`.execute(trx);
}

/**
 * Moves a refuel's movements to its new provider in the summaries, before the refuel is updated
 * (its provider may change after it was posted; the provider report groups its goods by it). The
 * refuel's row is locked first, as a cancellation locks it, so a cancellation summarised with the
 * old provider is moved too; its material's rollup moves with it (the device's totals do not
 * change). The stock's rows first, then the rollup, in the order `addFlows` takes them.
 */
export async function moveRefuelProvider(trx: AnyTrx, tenantId: string, refuelId: string, to: unknown): Promise<void> {
  const { rows } = await sql<{ providerId: string | null }>`
    select provider_id as "providerId" from wh_refuel where id = ${refuelId} and tenant_id = ${tenantId}
    for update`.execute(trx);
  const from = rows[0]?.providerId ?? null;
  if (!rows[0] || String(from ?? '0') === String(to ?? '0')) return;
  const zone = localZone();
  await sql`
    insert into wh_stock_flow (tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id,
                               quantity, amount, movements)
    select s.tenant_id, p.span, ${spanStart(sql`(r.refuel_time at time zone ${zone})::date`)},
           coalesce(s.device_id, 0), s.material_code_id, s.kind, s.source_type, v.provider_id,
           v.sign * sum(s.quantity), v.sign * sum(s.amount), v.sign * count(*)
    from wh_stock_movement s
    join wh_refuel r on r.id = s.source_id and r.tenant_id = s.tenant_id
    cross join (values ('d'), ('m'), ('y')) p (span)
    cross join (values (${from ?? '0'}::bigint, -1), (${String(to ?? '0')}::bigint, 1)) v (provider_id, sign)
    where s.tenant_id = ${tenantId} and s.source_type = 'refuel' and s.source_id = ${refuelId}
    group by 1, 2, 3, 5, 6, 7, 8, v.sign, grouping sets ((s.device_id), ())
    order by grouping(s.device_id), 4, 5, 2, 3, 6, 7, 8
    on conflict ${KEY} do update
      set quantity = wh_stock_flow.quantity + excluded.quantity, amount = wh_stock_flow.amount + excluded.amount,
          movements = wh_stock_flow.movements + excluded.movements`.execute(trx);
}

/** The first day of the row's `span` (`p.span`) a local date is in. */
const spanStart = (day: ReturnType<typeof sql>) => sql`(case p.span when 'd' then ${day}
  when 'm' then ${day} - (extract(day from ${day})::int - 1)
  else make_date(extract(year from ${day})::int, 1, 1) end)`;

/** The summaries as the ledger makes them, of one tenant or all: the rows `wh_stock_flow` must hold. */
function fromLedger(tenantId?: string) {
  const zone = localZone();
  const day = sql`(coalesce(r.refuel_time, d.apply_time) at time zone ${zone})::date`;
  return sql<FlowRow>`
    select s.tenant_id, p.span, ${spanStart(day)} as start, coalesce(s.device_id, 0) as device_id,
           coalesce(s.material_code_id, 0) as material_code_id, s.kind, s.source_type,
           coalesce(r.provider_id, 0) as provider_id, sum(s.quantity) as quantity, sum(s.amount) as amount,
           count(*)::int as movements
    from wh_stock_movement s
    left join wh_refuel r on s.source_type = 'refuel' and r.id = s.source_id and r.tenant_id = s.tenant_id
    left join wh_delivery d on s.source_type = 'delivery' and d.id = s.source_id and d.tenant_id = s.tenant_id
    cross join (values ('d'), ('m'), ('y')) p (span)
    where s.source_type in ('refuel', 'delivery') and ${tenantId ? sql`s.tenant_id = ${tenantId}` : sql`true`}
    group by s.tenant_id, p.span, 3, s.kind, s.source_type,
             grouping sets ((s.device_id, s.material_code_id, r.provider_id), (s.device_id),
                            (s.material_code_id, r.provider_id))`;
}

export interface FlowRow {
  tenant_id: string;
  span: Span;
  start: string;
  device_id: string;
  material_code_id: string;
  kind: string;
  source_type: string;
  provider_id: string;
  quantity: string;
  amount: string;
  movements: number;
}

/**
 * Rebuilds the summaries of one tenant (or all) from the ledger: after rows were written in bulk
 * around `postMovements` (migration 0012, the bench's data builder). Run as the owner.
 */
export async function rebuildFlows(db: AnyDb, tenantId?: string): Promise<void> {
  await sql`delete from wh_stock_flow where ${tenantId ? sql`tenant_id = ${tenantId}` : sql`true`}`.execute(db);
  await sql`
    insert into wh_stock_flow (tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id,
                               quantity, amount, movements)
    ${fromLedger(tenantId)}`.execute(db);
}

/**
 * Where the summaries differ from the ledger (empty when they are exact): the rows the ledger
 * makes and the stored ones, side by side. A row left with no movement (its refuels moved to
 * another provider) may stay stored: the reads skip it.
 */
export async function flowDifferences(db: AnyDb, tenantId?: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select * from (${fromLedger(tenantId)}) l
    full join (select * from wh_stock_flow where ${tenantId ? sql`tenant_id = ${tenantId}` : sql`true`}) f
      using (tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id)
    where coalesce(l.quantity, 0) <> coalesce(f.quantity, 0) or coalesce(l.amount, 0) <> coalesce(f.amount, 0)
       or coalesce(l.movements, 0) <> coalesce(f.movements, 0)
    order by tenant_id, span, start, device_id, material_code_id
    limit 20`.execute(db);
  return rows;
}
