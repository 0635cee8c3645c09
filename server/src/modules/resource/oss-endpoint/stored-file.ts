import type { Platform } from '../../../platform/register.ts';
import { isObjectKey } from '../../../platform/storage/object-store.ts';
import { storesOf } from '../oss/stores.ts';
import { FILE_DOMAIN } from './upload.ts';

/** Why a link does not give a stored file back. */
export type StoredFileRefusal = 'notOurs' | 'missing' | 'tooLarge';

/**
 * The bytes of a file stored by an upload of the tenant, from the `link` that upload answered
 * (relative, or an absolute URL whose path is one): read back through the object store, never
 * fetched, so a link cannot point the server at another host or another tenant's folder.
 */
export async function readStoredFile(
  platform: Platform,
  tenantId: string,
  link: string,
): Promise<Buffer | StoredFileRefusal> {
  let path: string;
  try {
    path = new URL(link, 'http://link.invalid').pathname;
  } catch {
    return 'notOurs';
  }
  const key = path.startsWith(`${FILE_DOMAIN}/`) ? decodeURIComponent(path.slice(FILE_DOMAIN.length + 1)) : '';
  if (!isObjectKey(key) || !key.startsWith(`${tenantId}/`)) return 'notOurs';
  const found = await (await storesOf(platform).forKey(tenantId, key)).get(key);
  if (!found) return 'missing';
  if (found.size > platform.uploadMaxBytes) {
    found.stream.destroy();
    return 'tooLarge';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
