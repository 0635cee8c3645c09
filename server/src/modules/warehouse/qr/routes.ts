import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { perKiosk } from '../../../platform/auth/kiosk.ts';
import { requiredText } from '../../../platform/http/fields.ts';
import { qrMessages as m } from './messages.ts';

const query = z.object({ content: requiredText(m['warehouse.qr.content.required'], 1000) });

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
      schema: { tags: ['warehouse/qr'], querystring: query },
    },
    async (request, reply) => {
      const png = await QRCode.toBuffer(request.query.content, { type: 'png', errorCorrectionLevel: 'M', margin: 2 });
      return reply.ok(png.toString('base64'));
    },
  );
}
