import type { ObjectStore } from '../../../platform/storage/object-store.ts';
import type { AttachObject } from './repository.ts';

/**
 * Deletes an attachment's object from the store it was written to. The one place a removal reaches
 * a store, so stores chosen per tenant configuration plug in here. A key outside the row's own
 * tenant folder is never touched, whatever the row says.
 */
export async function removeStoredObject(storage: ObjectStore, attach: AttachObject): Promise<void> {
  if (!attach.name.startsWith(`${attach.tenantId}/`)) return;
  await storage.remove(attach.name);
}
