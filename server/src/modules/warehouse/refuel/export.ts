import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { refuelMessages as m } from './messages.ts';
import { refuelResource } from './resource.ts';

const BATCH = 1000;
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
 * The item lines of the refuels a list with these filters shows, as an .xlsx written while it is
 * read: lines are fetched in batches of 1000 by id (each batch its own short tenant transaction, so
 * a slow download holds no connection or lock), written with exceljs's streaming writer, and the
 * next batch waits while the client has not taken the last. Memory stays flat however many lines.
 */
export function streamRefuelItems(
  tenantDb: TenantDb,
  caller: Caller,
  query: Row,
  locale: Locale,
  log: FastifyBaseLogger,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('refuel items');
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: translate(locale, `warehouse.export.${key}`), key, width }));
  const status = (s: number) =>
    translate(locale, s === 2 ? m['warehouse.status.cancelled'] : m['warehouse.status.completed']);

  const write = async () => {
    let after = '0';
    for (;;) {
      const rows = await tenantDb.inTenant(caller.tenantId, (trx) =>
        sql<ItemRow>`
          select i.id, r.refuel_no as "refuelNo", r.refuel_time as "refuelTime", d.name as device, p.name as provider,
                 mc.code as "materialCode", mc.name as "materialName", mc.unit, i.quantity, i.unit_price as "unitPrice",
                 i.amount, i.batch_no as "batchNo", to_char(i.expiry_date, 'YYYY-MM-DD') as "expiryDate", r.status
          from wh_refuel_item i
          join wh_refuel r on r.id = i.refuel_id
          join wh_material_code mc on mc.id = i.material_code_id
          left join wh_device d on d.id = r.device_id
          left join wh_provider p on p.id = r.provider_id
          where i.tenant_id = ${caller.tenantId} and i.is_deleted = 0 and i.id > ${after}
            and i.refuel_id in (${refuels.matchingIds(trx, caller, query)})
          order by i.id
          limit ${BATCH}`
          .execute(trx)
          .then((r) => r.rows),
      );
      for (const row of rows) {
        sheet
          .addRow([
            row.refuelNo,
            row.refuelTime,
            row.device,
            row.provider,
            row.materialCode,
            row.materialName,
            row.unit,
            Number(row.quantity),
            Number(row.unitPrice),
            Number(row.amount),
            row.batchNo,
            row.expiryDate,
            status(row.status),
          ])
          .commit();
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
      // Backpressure: wait until the client has read what is waiting.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    log.error({ err: error }, 'refuel export failed');
    out.destroy(error as Error);
  });
  return out;
}
