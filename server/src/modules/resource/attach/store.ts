import type { StoreResolver } from '../oss/stores.ts';
import type { AttachObject } from './repository.ts';

/**
 * Deletes an attachment's object from the store it was written to. The one place a removal reaches
 * a store: the one the row records (its configuration's, or the local disk). A key outside the row's own
 * tenant folder is never touched, whatever the row says.
 */
export async function removeStoredObject(stores: StoreResolver, attach: AttachObject): Promise<void> {
  if (!attach.name.startsWith(`${attach.tenantId}/`)) return;
  await (await stores.byId(attach.tenantId, attach.ossId)).remove(attach.name);
}
