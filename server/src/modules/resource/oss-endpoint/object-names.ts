import { z } from 'zod';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { isObjectKey } from '../../../platform/storage/object-store.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { liveObjects } from '../attach/repository.ts';
import { resourceMessages as m } from '../messages.ts';

/** The most names `remove-files` takes at once. */
export const MAX_NAMES = 100;

/** BladeX's `fileName`: the `name` an upload answered (`<tenant>/<32 hex>.<ext>`). Checked by `storedFiles`. */
export const objectName = z.string().trim().max(200).describe('the `name` an upload answered');

/**
 * The live stored files of the caller's tenant under these names, in their order: a name of any
 * other shape (a path, `..`) is a 400; one of another tenant's folder, or of no live attachment, a
 * 404 naming it, as if it did not exist.
 */
export async function storedFiles(trx: AnyTrx, caller: Caller, names: string[]) {
  if (names.length === 0) throw badRequest(m['resource.fileName.required']);
  if (names.length > MAX_NAMES) throw badRequest(m['resource.objectNames.tooMany'], { max: MAX_NAMES });
  const bad = names.find((name) => !isObjectKey(name));
  if (bad !== undefined) throw badRequest(m['resource.objectName.invalid'], { fileName: bad.slice(0, 80) });
  const own = names.filter((name) => name.startsWith(`${caller.tenantId}/`));
  const found = new Map((await liveObjects(trx, caller.tenantId, own)).map((row) => [row.name, row]));
  return names.map((name) => {
    const row = found.get(name);
    if (!row) throw notFound(m['resource.objectName.notFound'], { fileName: name });
    return row;
  });
}
