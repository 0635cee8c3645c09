import type { FastifyInstance } from 'fastify';
import { registerAttachRoutes } from './attach/routes.ts';
import { registerOssEndpointRoutes } from './oss-endpoint/routes.ts';
import { registerSmsRoutes } from './sms/routes.ts';

/** blade-resource: uploads and stored files, attachments, SMS configurations and sends (and, later, OSS settings). */
export function registerResourceModule(app: FastifyInstance): void {
  registerOssEndpointRoutes(app);
  registerAttachRoutes(app);
  registerSmsRoutes(app);
}

export { readStoredFile, type StoredFileRefusal } from './oss-endpoint/stored-file.ts';
export { receiveFileBytes } from './oss-endpoint/upload.ts';
