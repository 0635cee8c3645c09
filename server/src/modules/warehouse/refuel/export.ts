import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DataScope } from '../../../platform/crud/data-scope.ts';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { streamXlsx } from '../../../platform/http/xlsx.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { bizDictLabels } from '../../system/dict/service.ts';
import { refuelMessages as m } from './messages.ts';
import { refuelResource } from './resource.ts';

// Refuels are read 100 ids at a time, then each one's lines (at most 1000, see schema.ts): every
// query follows an index and holds a bounded number of rows, whatever the planner knows.
const REFUELS = 100;
const refuels = crudRepository(refuelResource);

interface ItemRow {
  id: string;
  refuelNo: string;
  refuelTime: Date;
  device: string | null;
  provider: string | null;
  materialCode: string;
  materialName: string;
  unit: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
  batchNo: string | null;
  expiryDate: string | null;
  status: number;
}

/** Where the last batch of refuels ended. */
interface Cursor {
  refuel_time: Date;
  id: string;
}

const COLUMNS = [
  ['refuelNo', 18],
  ['refuelTime', 20],
  ['device', 20],
  ['provider', 24],
  ['materialCode', 16],
  ['materialName', 24],
  ['unit', 8],
  ['quantity', 12],
  ['unitPrice', 12],
  ['amount', 14],
  ['batchNo', 16],
  ['expiryDate', 12],
  ['status', 10],
] as const;

/**
 * The item lines of the refuels a list with these filters shows, as a streamed .xlsx: refuel by
 * refuel, each read in its own short tenant transaction (see platform/http/xlsx.ts).
 */
export async function streamRefuelItems(
  tenantDb: TenantDb,
  caller: Caller,
  query: Row,
  locale: Locale,
  log: FastifyBaseLogger,
  scope: DataScope = 'all',
): Promise<Readable> {
  const status = (s: number) =>
    translate(locale, s === 2 ? m['warehouse.status.cancelled'] : m['warehouse.status.completed']);
  const cells = (units: Map<string, string>, row: ItemRow) => [
    row.refuelNo,
    row.refuelTime,
    row.device,
    row.provider,
    row.materialCode,
    row.materialName,
    // the unit's label, as the screen shows it (a key no longer in the dictionary as it is)
    row.unit === null ? null : (units.get(row.unit) ?? row.unit),
    Number(row.quantity),
    Number(row.unitPrice),
    Number(row.amount),
    row.batchNo,
    row.expiryDate,
    status(row.status),
  ];
  // Newest first, as the list shows them: keyset over (refuel time, id), both descending.
  async function* batches() {
    const units = await tenantDb.inTenant(caller.tenantId, (trx) =>
      bizDictLabels(trx, caller.tenantId, 'material_unit'),
    );
    let after: Cursor | null = null;
    for (;;) {
      const before: Cursor | null = after;
      const refuelIds: { id: unknown; refuel_time: unknown }[] = await tenantDb.inTenant(caller.tenantId, (trx) =>
        refuels
          .matchingIds(trx, caller, query, scope)
          .select('refuel_time')
          .$if(before !== null, (q) =>
            q.where(sql<boolean>`(refuel_time, id) < (${before!.refuel_time}::timestamptz, ${before!.id}::bigint)`),
          )
          .orderBy('refuel_time', 'desc')
          .orderBy('id', 'desc')
          .limit(REFUELS)
          .execute(),
      );
      for (const { id } of refuelIds) {
        const rows = await tenantDb.inTenant(caller.tenantId, (trx) => linesOf(trx, caller.tenantId, String(id)));
        yield rows.map((row) => cells(units, row));
      }
      if (refuelIds.length < REFUELS) return;
      const last: { id: unknown; refuel_time: unknown } = refuelIds.at(-1)!;
      after = { refuel_time: last.refuel_time as Date, id: String(last.id) };
    }
  }
  const columns = COLUMNS.map(([key, width]) => ({ header: translate(locale, `warehouse.export.${key}`), width }));
  return streamXlsx('refuel items', columns, batches(), log);
}

async function linesOf(trx: AnyTrx, tenantId: string, refuelId: string): Promise<ItemRow[]> {
  const { rows } = await sql<ItemRow>`
    select i.id, r.refuel_no as "refuelNo", r.refuel_time as "refuelTime", d.name as device, p.name as provider,
           mc.code as "materialCode", mc.name as "materialName", mc.unit, i.quantity, i.unit_price as "unitPrice",
           i.amount, i.batch_no as "batchNo", to_char(i.expiry_date, 'YYYY-MM-DD') as "expiryDate", r.status
    from wh_refuel r
    join wh_refuel_item i on i.tenant_id = r.tenant_id and i.refuel_id = r.id and i.is_deleted = 0
    join wh_material_code mc on mc.id = i.material_code_id
    left join wh_device d on d.id = r.device_id
    left join wh_provider p on p.id = r.provider_id
    where r.tenant_id = ${tenantId} and r.id = ${refuelId}
    order by i.sort, i.id`.execute(trx);
  return rows;
}
