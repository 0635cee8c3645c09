import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perKiosk } from '../../../platform/auth/kiosk.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { requiredText } from '../../../platform/http/fields.ts';
import { qrMessages as m } from './messages.ts';

// The most a QR code holds as bytes at error correction M (version 40): Chinese text is 3 bytes a character.
const QR_MAX_BYTES = 2331;
const query = z.object({
  content: requiredText(m['warehouse.qr.content.required'], 1000).refine(
    (v) => Buffer.byteLength(v, 'utf8') <= QR_MAX_BYTES,
    { error: m['warehouse.qr.content.tooLong'], params: { max: QR_MAX_BYTES } },
  ),
});

/**
 * `GET /api/warehouse/QR/generateCodeBs64?content=`: a QR code of the content as a base64 PNG
 * (without the `data:` prefix), for the labels of materials and devices, and for the kiosk's receipts.
 */
export function registerQrRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/warehouse/QR/generateCodeBs64',
    {
      config: {
        access: { permission: ['materialscode_qr', 'materialscode', 'device', 'delivery'], kiosk: true },
        rateLimit: perKiosk(60),
      },
      schema: {
        tags: ['warehouse/qr'],
        summary: 'A QR code of the content, as a base64 PNG (no data: prefix)',
        querystring: query,
        response: answers(z.string().describe('base64 PNG'), 400, 403),
      },
    },
    async (request, reply) => {
      // Loaded by the first code drawn, not at start (~14 MiB resident).
      const { default: QRCode } = await import('qrcode');
      const png = await QRCode.toBuffer(request.query.content, { type: 'png', errorCorrectionLevel: 'M', margin: 2 });
      return reply.ok(png.toString('base64'));
    },
  );
}
