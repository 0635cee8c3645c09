import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import { readStoredFile } from '../../resource/index.ts';
import { singleFace } from '../face/engine.ts';
import { descriptorValue } from '../face/recognition.ts';
import { faceimgMessages as m } from './messages.ts';

/**
 * The descriptor column to save with a person's photo, computed before the transaction: from the
 * stored file the `imageUrl` link names (of the caller's tenant), which must show exactly one face.
 * A cleared photo clears it; an unchanged one keeps it (nothing to compute).
 */
export async function descriptorOfPhoto(
  request: FastifyRequest,
  values: Record<string, unknown>,
  id?: string,
): Promise<Record<string, unknown>> {
  const imageUrl = values.imageUrl;
  if (imageUrl === undefined) return {};
  if (!imageUrl) return { descriptor: null };
  const caller = request.ctx.caller!;
  if (id) {
    const { rows } = await request.inTenant((trx) =>
      sql<{ same: boolean }>`
        select descriptor is not null and image_url = ${imageUrl} as same from wh_face_image
        where tenant_id = ${caller.tenantId} and id = ${id} and is_deleted = 0`.execute(trx),
    );
    if (rows[0]?.same) return {};
  }
  const image = await readStoredFile(request.server.platform, caller.tenantId, String(imageUrl));
  if (image === 'missing') throw badRequest(m['warehouse.faceimg.image.missing']);
  if (typeof image === 'string') throw badRequest(m['warehouse.faceimg.imageUrl.invalid']);
  return { descriptor: descriptorValue(await singleFace(image)) };
}
