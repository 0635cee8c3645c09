import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { removeStoredObject } from '../../src/modules/resource/attach/store.ts';
import type { StoreResolver } from '../../src/modules/resource/oss/stores.ts';
import type { ObjectStore } from '../../src/platform/storage/object-store.ts';

/** Stores that only record what they were asked to remove, one per configuration id ('local' for null). */
function recordingStores(): StoreResolver & { removed: string[] } {
  const removed: string[] = [];
  const storeOf = (ossId: string | null): ObjectStore => ({
    put: async (_body, key) => ({ key, size: 0 }),
    get: async () => ({ stream: Readable.from([]), size: 0, contentType: 'application/octet-stream' }),
    stat: async () => null,
    remove: async (key) => void removed.push(`${ossId ?? 'local'}:${key}`),
  });
  return {
    removed,
    forUpload: async () => ({ store: storeOf(null), ossId: null }),
    byId: async (_tenantId, ossId) => storeOf(ossId),
    forKey: async () => storeOf(null),
    close: () => {},
  };
}

const object = (tenantId: string, name: string, ossId: string | null = null) => ({
  tenantId,
  name,
  ossId,
  link: `/x/${name}`,
  domain: '/x',
});

describe('removeStoredObject', () => {
  it('removes the object of the row’s own tenant folder from the store the row records', async () => {
    const stores = recordingStores();
    await removeStoredObject(stores, object('500500', `500500/${'a'.repeat(32)}.png`));
    await removeStoredObject(stores, object('500500', `500500/${'b'.repeat(32)}.png`, '42'));
    expect(stores.removed).toEqual([`local:500500/${'a'.repeat(32)}.png`, `42:500500/${'b'.repeat(32)}.png`]);
  });

  it('never removes a key of another tenant’s folder, whatever the row says', async () => {
    const stores = recordingStores();
    await removeStoredObject(stores, object('500500', `000000/${'a'.repeat(32)}.png`));
    await removeStoredObject(stores, object('5005', `500500/${'a'.repeat(32)}.png`));
    expect(stores.removed).toEqual([]);
  });
});
