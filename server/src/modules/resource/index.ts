import type { FastifyInstance } from 'fastify';
import { registerAttachRoutes } from './attach/routes.ts';
import { registerOssEndpointRoutes } from './oss-endpoint/routes.ts';

/** blade-resource: uploads and stored files, attachments (and, later, OSS and SMS settings). */
export function registerResourceModule(app: FastifyInstance): void {
  registerOssEndpointRoutes(app);
  registerAttachRoutes(app);
}

export { readStoredFile, type StoredFileRefusal } from './oss-endpoint/stored-file.ts';
export { receiveFileBytes } from './oss-endpoint/upload.ts';
