import { crudRepository } from '../../platform/crud/repository.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { applyOutbound } from './delivery/service.ts';
import {
  DEMO_DELIVERIES,
  DEMO_DEVICES,
  DEMO_MATERIALS,
  DEMO_PERSONS,
  DEMO_PROVIDERS,
  DEMO_REFUELS,
  DEMO_TYPES,
  DEMO_WARRANTS,
} from './demo-data.ts';
import { deviceResource } from './device/resource.ts';
import { insertPerson } from './faceimg/repository.ts';
import { materialsCodeResource } from './materialscode/resource.ts';
import { materialsTypeResource } from './materialstype/resource.ts';
import { providerResource } from './provider/resource.ts';
import { createRefuel } from './refuel/service.ts';
import { warrantResource } from './warrant/resource.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Fills a (new) tenant with the demo warehouse of demo-data.ts, through the same repositories and
 * services the endpoints use, as `caller` (the tenant's administrator).
 */
export async function createDemoWarehouse(trx: AnyTrx, caller: Caller): Promise<void> {
  const ids = new Map<string, string>();
  const id = (key: string) => ids.get(key)!;
  const insert = async (
    resource: Parameters<typeof crudRepository>[0],
    key: string,
    values: Record<string, unknown>,
  ) => {
    const row = await crudRepository(resource).insert(trx, caller, values);
    ids.set(key, String(row.id));
  };
  for (const { key, parent, ...device } of DEMO_DEVICES.map((d) => ({ parent: undefined, ...d }))) {
    await insert(deviceResource, key, { ...device, parentId: parent ? id(parent) : '0' });
  }
  for (const { key, parent, ...type } of DEMO_TYPES.map((d) => ({ parent: undefined, ...d }))) {
    await insert(materialsTypeResource, key, { ...type, parentId: parent ? id(parent) : '0' });
  }
  for (const { key, ...provider } of DEMO_PROVIDERS) await insert(providerResource, key, provider);
  for (const m of DEMO_MATERIALS) {
    await insert(materialsCodeResource, m.key, {
      code: m.code,
      name: m.name,
      typeId: id(m.type),
      unit: m.unit,
      referencePrice: m.price,
      safetyStock: m.safety,
    });
  }
  for (const { key, ...person } of DEMO_PERSONS) ids.set(key, await insertPerson(trx, caller, person));
  for (const w of DEMO_WARRANTS) {
    await crudRepository(warrantResource).insert(trx, caller, {
      personId: id(w.person),
      deviceId: id(w.device),
      materialTypeId: 'type' in w ? id(w.type) : null,
      materialCodeId: 'material' in w ? id(w.material) : null,
      maxPerDay: w.perDay,
      maxPerMonth: w.perMonth,
    });
  }
  for (const r of DEMO_REFUELS) {
    await createRefuel(trx, caller, {
      deviceId: id(r.device),
      providerId: id(r.provider),
      refuelTime: new Date(Date.now() - r.daysAgo * DAY),
      items: r.lines.map(([material, quantity, unitPrice]) => ({ materialCodeId: id(material), quantity, unitPrice })),
    });
  }
  for (const d of DEMO_DELIVERIES) {
    await applyOutbound(
      trx,
      caller,
      {
        deviceId: id(d.device),
        personId: id(d.person),
        purpose: d.purpose,
        items: d.lines.map(([material, quantity]) => ({ materialCodeId: id(material), quantity })),
      },
      { source: 'web', checkWarrants: false },
    );
  }
}
