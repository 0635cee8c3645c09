import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type Compilable, sql } from 'kysely';
import type { DataScope } from '../../../platform/crud/data-scope.ts';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { streamQuery } from '../../../platform/db/stream.ts';
import { streamXlsx } from '../../../platform/http/xlsx.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyDb, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { bizDictLabels } from '../../system/dict/service.ts';
import { refuelMessages as m } from './messages.ts';
import { refuelResource } from './resource.ts';

const refuels = crudRepository(refuelResource);

interface ItemRow {
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
 * The item lines of the refuels a list with these filters shows, as a streamed .xlsx: one query,
 * newest refuel first as the list shows them, read as it is written (platform/db/stream.ts).
 */
export async function streamRefuelItems(
  platform: { db: AnyDb; tenantDb: TenantDb },
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
  let units: Promise<Map<string, string>> | undefined;
  const batches = streamQuery(
    platform.db,
    platform.tenantDb,
    caller.tenantId,
    (trx) => lines(caller.tenantId, refuels.matchingIds(trx, caller, query, scope)),
    async (trx, rows: ItemRow[]) => {
      units ??= bizDictLabels(trx, caller.tenantId, 'material_unit');
      const labels = await units;
      return rows.map((row) => cells(labels, row));
    },
    { onIdle: (message) => log.warn(message) },
  );
  const columns = COLUMNS.map(([key, width]) => ({ header: translate(locale, `warehouse.export.${key}`), width }));
  return streamXlsx('refuel items', columns, batches, log);
}

/** The lines of the refuels `ids` selects, in the list's order (refuel time, id, both descending), then the form's. */
function lines(tenantId: string, ids: Compilable<unknown>) {
  return sql<ItemRow>`
    select r.refuel_no as "refuelNo", r.refuel_time as "refuelTime", d.name as device, p.name as provider,
           mc.code as "materialCode", mc.name as "materialName", mc.unit, i.quantity, i.unit_price as "unitPrice",
           i.amount, i.batch_no as "batchNo", to_char(i.expiry_date, 'YYYY-MM-DD') as "expiryDate", r.status
    from wh_refuel r
    join wh_refuel_item i on i.tenant_id = r.tenant_id and i.refuel_id = r.id and i.is_deleted = 0
    join wh_material_code mc on mc.id = i.material_code_id
    left join wh_device d on d.id = r.device_id
    left join wh_provider p on p.id = r.provider_id
    where r.tenant_id = ${tenantId} and r.id in ${ids}
    order by r.refuel_time desc, r.id desc, i.sort, i.id`;
}
