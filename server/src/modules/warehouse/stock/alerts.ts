import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { DEFAULT_LOCALE, translate } from '../../../platform/i18n/i18n.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { plainNumber } from '../inputs.ts';
import { stockMessages as m } from './messages.ts';

interface StockState {
  deviceId: string;
  materialCodeId: string;
  quantity: string;
  safetyStock: string | null;
  material: string;
  device: string;
}

// Levels: 2 warning (low), 3 urgent (out).
const NOTICE = {
  out_of_stock: { level: 3, title: m['warehouse.notice.outOfStock.title'], content: m['warehouse.notice.outOfStock'] },
  low_stock: { level: 2, title: m['warehouse.notice.lowStock.title'], content: m['warehouse.notice.lowStock'] },
} as const;

/**
 * After movements: each touched stock that ended at zero gets an out_of_stock notice, one below its
 * material's safety stock a low_stock notice, unless one of that kind is still untreated (the
 * partial unique index `wh_notice_untreated` decides, also between concurrent writers). Notices are
 * stored text, written in the product's default language.
 */
export async function raiseStockNotices(
  trx: AnyTrx,
  caller: Caller,
  touched: readonly { deviceId: string; materialCodeId: string }[],
): Promise<void> {
  const keys = [...new Map(touched.map((t) => [`${t.deviceId}:${t.materialCodeId}`, t])).values()];
  for (const key of keys) {
    const { rows } = await sql<StockState>`
      select b.device_id as "deviceId", b.material_code_id as "materialCodeId", b.quantity,
             m.safety_stock as "safetyStock", m.name as material, d.name as device
      from wh_stock_balance b
      join wh_material_code m on m.id = b.material_code_id
      join wh_device d on d.id = b.device_id
      where b.tenant_id = ${caller.tenantId} and b.device_id = ${key.deviceId}
        and b.material_code_id = ${key.materialCodeId}`.execute(trx);
    const stock = rows[0];
    if (!stock) continue;
    const type =
      Number(stock.quantity) === 0
        ? 'out_of_stock'
        : stock.safetyStock !== null && Number(stock.quantity) < Number(stock.safetyStock)
          ? 'low_stock'
          : null;
    if (type) await insertNotice(trx, caller, type, stock);
  }
}

async function insertNotice(trx: AnyTrx, caller: Caller, type: keyof typeof NOTICE, stock: StockState) {
  const notice = NOTICE[type];
  const params = {
    material: stock.material,
    device: stock.device,
    quantity: plainNumber(stock.quantity),
    safetyStock: plainNumber(stock.safetyStock ?? '0'),
  };
  await sql`
    insert into wh_notice (id, tenant_id, type, level, title, content, device_id, material_code_id,
                           create_user, create_dept, update_user)
    values (${nextId()}, ${caller.tenantId}, ${type}, ${notice.level}, ${translate(DEFAULT_LOCALE, notice.title, params)},
            ${translate(DEFAULT_LOCALE, notice.content, params)}, ${stock.deviceId}, ${stock.materialCodeId},
            ${caller.userId}, ${caller.deptIds[0] ?? null}, ${caller.userId})
    on conflict (tenant_id, type, device_id, material_code_id) where treated = 0 and is_deleted = 0 do nothing`.execute(
    trx,
  );
}
