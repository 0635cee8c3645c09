import type { FastifyInstance } from 'fastify';
import { perKiosk } from '../../../platform/auth/kiosk.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { receiveFileBytes } from '../../resource/index.ts';
import { kioskAllowance } from '../warrant/allowance.ts';
import { allowanceSchema, recognitionSchema } from './answers.ts';
import { singleFace } from './engine.ts';
import { faceMessages as m } from './messages.ts';
import { nearestPerson } from './recognition.ts';
import { issueTicket, ticketOf } from './ticket.ts';

const PREFIX = '/api/warehouse/face';

/** A ticket's time left in whole seconds: a kiosk counts down from it, whatever its own clock says. */
const secondsLeft = (expiresAt: number) => Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
const TAGS = ['warehouse/face'];

export interface FaceOptions {
  /** The largest Euclidean distance between descriptors that still counts as the same person. */
  matchThreshold: number;
}

/**
 * The kiosk's calls (access `kiosk`: the device's key, no staff token): `faceRecognition` finds the
 * person in the photo and answers a short-lived outbound ticket; `allowance` lists what that
 * ticket's person may take at this device.
 */
export function registerFaceRoutes(app: FastifyInstance, options: FaceOptions): void {
  app.post(
    `${PREFIX}/faceRecognition`,
    {
      config: { access: 'kiosk', rateLimit: perKiosk(30), audit: { title: 'face recognition' } },
      schema: {
        tags: TAGS,
        summary: 'Recognises the face in a photo (multipart file) among the enabled people of the kiosk’s tenant',
        consumes: ['multipart/form-data'],
        response: answers(recognitionSchema, 400, 413),
      },
    },
    async (request, reply) => {
      const kiosk = request.ctx.kiosk!;
      const face = await singleFace(await receiveFileBytes(app.platform, request));
      const person = await request.inTenant((trx) => nearestPerson(trx, kiosk.tenantId, face, options.matchThreshold));
      if (!person) throw badRequest(m['warehouse.face.notRecognised']);
      const { ticket, expiresAt } = await issueTicket(request, person.id);
      const { distance, ...shown } = person;
      return reply.ok({
        person: shown,
        device: { id: kiosk.deviceId, name: kiosk.name },
        ticket,
        expiresAt: new Date(expiresAt),
        expiresIn: secondsLeft(expiresAt),
        distance: Math.round(distance * 1000) / 1000,
      });
    },
  );

  app.get(
    `${PREFIX}/allowance`,
    {
      config: { access: 'kiosk', rateLimit: perKiosk(60) },
      schema: {
        tags: TAGS,
        summary: 'What the person of the Outbound-Ticket may take at the kiosk’s device now',
        response: answers(allowanceSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const held = await ticketOf(request, { take: false });
      const items = await request.inTenant((trx) =>
        kioskAllowance(trx, held.tenantId, { personId: held.personId, deviceId: held.deviceId, at: new Date() }),
      );
      return reply.ok({
        personId: held.personId,
        deviceId: held.deviceId,
        expiresAt: new Date(held.expiresAt),
        expiresIn: secondsLeft(held.expiresAt),
        items,
      });
    },
  );
}
