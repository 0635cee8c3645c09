import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { removeStoredObject } from '../../src/modules/resource/attach/store.ts';
import type { ObjectStore } from '../../src/platform/storage/object-store.ts';

/** A store that only records what it was asked to remove. */
function recordingStore(): ObjectStore & { removed: string[] } {
  const removed: string[] = [];
  return {
    removed,
    put: async (_body, key) => ({ key, size: 0 }),
    get: async () => ({ stream: Readable.from([]), size: 0, contentType: 'application/octet-stream' }),
    remove: async (key) => void removed.push(key),
  };
}

const object = (tenantId: string, name: string) => ({ tenantId, name, link: `/x/${name}`, domain: '/x' });

describe('removeStoredObject', () => {
  it('removes the object of the row’s own tenant folder', async () => {
    const store = recordingStore();
    await removeStoredObject(store, object('500500', `500500/${'a'.repeat(32)}.png`));
    expect(store.removed).toEqual([`500500/${'a'.repeat(32)}.png`]);
  });

  it('never removes a key of another tenant’s folder, whatever the row says', async () => {
    const store = recordingStore();
    await removeStoredObject(store, object('500500', `000000/${'a'.repeat(32)}.png`));
    await removeStoredObject(store, object('5005', `500500/${'a'.repeat(32)}.png`));
    expect(store.removed).toEqual([]);
  });
});
