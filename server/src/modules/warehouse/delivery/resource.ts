import { sql } from 'kysely';
import { containsFilter } from '../../../platform/crud/contains-filter.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { tableNames, users, withNames } from '../names.ts';
import { subtreeFilter } from '../subtree.ts';
import { deliveryMessages as m } from './messages.ts';
import { deliveryInput } from './schema.ts';

export const DELIVERY_READ = ['delivery', 'delivery_view'];

/**
 * Delivery (outbound) headers; `status` is 1 completed, 2 cancelled (or withdrawn), 3 waiting for
 * approval, 4 rejected (approval.ts); `source` web or kiosk. Applied and cancelled by the service;
 * only one that moved no stock in the end (cancelled, rejected) may be removed.
 */
export const deliveryResource: CrudResource = {
  table: 'wh_delivery',
  tenantScoped: true,
  fields: {
    deliveryNo: { column: 'delivery_no', kind: 'text' },
    deviceId: { column: 'device_id', kind: 'id' },
    personId: { column: 'person_id', kind: 'id' },
    userId: { column: 'user_id', kind: 'id' },
    deptId: { column: 'dept_id', kind: 'id' },
    operatorId: { column: 'operator_id', kind: 'id' },
    purpose: { column: 'purpose', kind: 'text' },
    source: { column: 'source', kind: 'text' },
    applyTime: { column: 'apply_time', kind: 'date' },
    totalQuantity: { column: 'total_quantity', kind: 'number' },
    totalAmount: { column: 'total_amount', kind: 'number' },
    remark: { column: 'remark', kind: 'text' },
    processInstanceId: { column: 'process_instance_id', kind: 'id' },
    approvalComment: { column: 'approval_comment', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'applyTime', direction: 'desc' }],
  input: deliveryInput,
  queryFilters: {
    deviceId: subtreeFilter('wh_device', 'device_id'),
    deliveryNo: containsFilter('wh_delivery', 'delivery_no'),
  },
  permissions: { read: DELIVERY_READ, add: 'delivery_add', edit: 'delivery_edit', remove: 'delivery_delete' },
  hooks: {
    async beforeRemove(trx, caller, ids) {
      const { rows } = await sql<{ no: string }>`
        select delivery_no as no from wh_delivery
        where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)}) and status not in (2, 4) limit 1`.execute(
        trx,
      );
      if (rows[0]) throw badRequest(m['warehouse.delivery.moved'], { no: rows[0].no });
    },
    decorate: (trx, caller, records) =>
      withNames(trx, caller.tenantId, records, [
        { field: 'deviceId', as: 'deviceName', lookup: tableNames('wh_device') },
        { field: 'personId', as: 'personName', lookup: tableNames('wh_face_image') },
        { field: 'userId', as: 'userName', lookup: users },
        { field: 'operatorId', as: 'operatorName', lookup: users },
      ]),
  },
};
