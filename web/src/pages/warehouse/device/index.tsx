import { useMemo } from 'react';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import {
  DEVICE_API,
  parentField,
  rootAsNone,
  SOURCES,
  StateTag,
  statusField,
} from '../../../components/warehouse/fields.tsx';
import { printLabel } from '../../../components/warehouse/print-label.ts';
import { hasKiosk, useKioskKeyActions } from './use-kiosk-key-actions.tsx';

/** /warehouse/device: the tree of sites, warehouses, cabinets, slots and kiosks that hold stock. */
export const deviceResource: CrudResource = {
  api: DEVICE_API,
  permissions: 'device',
  mode: 'tree',
  listPath: 'listTree',
  fields: [
    parentField(SOURCES.device),
    { name: 'name', max: 100, label: 'device.name', search: true, required: true },
    { name: 'code', max: 64, label: 'device.code', search: true, required: true },
    {
      name: 'type',
      label: 'device.type',
      type: 'select',
      options: { dictBiz: 'device_type' },
      search: true,
      required: true,
    },
    { name: 'location', max: 255, label: 'device.location' },
    { name: 'serialNo', max: 100, label: 'device.serialNo', column: false },
    {
      name: 'online',
      label: 'device.online',
      form: false,
      render: (v, row) =>
        hasKiosk(row) ? (
          <StateTag value={Number(v) === 1 ? 1 : 0} prefix="device.onlineOf" colors={{ '1': 'green' }} />
        ) : null,
    },
    { name: 'sort', label: 'warehouse.sort', type: 'number', initial: 1, column: false },
    statusField(),
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
  ],
  fromRecord: rootAsNone,
  rowActions: [
    { label: 'warehouse.addChild', permission: 'device_add', onClick: (row, ctx) => ctx.add({ parentId: row.id }) },
    // The QR holds the device code, which the kiosk and the back office scan to pick the device.
    {
      label: 'warehouse.printLabel',
      onClick: (row) =>
        void printLabel({
          code: String(row.code),
          lines: [String(row.name), row.location as string],
          title: String(row.code),
        }),
    },
  ],
};

/** /warehouse/device, with the kiosk keys of the devices kiosks stand at. */
export default function DevicePage() {
  const kioskKeys = useKioskKeyActions();
  const resource = useMemo<CrudResource>(
    () => ({ ...deviceResource, rowActions: [...(deviceResource.rowActions ?? []), ...kioskKeys.actions] }),
    [kioskKeys.actions],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {kioskKeys.dialog}
    </>
  );
}
