import type { FastifyInstance } from 'fastify';
import { registerAttachRoutes } from './attach/routes.ts';
import { registerOssRoutes } from './oss/routes.ts';
import { storesOf } from './oss/stores.ts';
import { registerOssEndpointRoutes } from './oss-endpoint/routes.ts';
import { registerSmsRoutes } from './sms/routes.ts';

/** blade-resource: uploads and stored files, attachments, object storage and SMS configurations. */
export function registerResourceModule(app: FastifyInstance): void {
  registerOssEndpointRoutes(app);
  registerAttachRoutes(app);
  registerOssRoutes(app);
  registerSmsRoutes(app);
  app.addHook('onClose', async () => storesOf(app.platform).close());
}

export { storesOf } from './oss/stores.ts';
export { readStoredFile, type StoredFileRefusal } from './oss-endpoint/stored-file.ts';
export { receiveFileBytes } from './oss-endpoint/upload.ts';
