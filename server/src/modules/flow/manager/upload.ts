import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, tooLarge } from '../../../platform/http/errors.ts';
import type { BpmnFile } from '../definitions.ts';
import { MAX_BPMN_BYTES } from '../engine/bpmn.ts';
import { flowMessages as m } from '../messages.ts';

const MAX_FILES = 10;

export interface UploadForm {
  files: BpmnFile[];
  fields: Record<string, string>;
}

/**
 * `deploy-upload`'s form: its text fields (category, tenantIds) and every file part (`files`, as
 * BladeX names them, or `file`), each read up to 1 MB: a larger one is refused at once, unread.
 */
export async function readUpload(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { files: [], fields: {} };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts()) await take(form, part);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    throw status && status !== 400 ? error : badRequest(m['flow.bpmn.required']);
  }
  return form;
}

async function take(form: UploadForm, part: Multipart): Promise<void> {
  if (part.type === 'field') {
    if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
    return;
  }
  if (!part.filename) {
    part.file.resume();
    return;
  }
  if (form.files.length >= MAX_FILES) throw badRequest(m['flow.upload.tooMany'], { max: MAX_FILES });
  const name = (part.filename.split(/[\\/]/).pop() ?? 'process.bpmn').replace(/\p{Cc}/gu, '').slice(0, 255);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size > MAX_BPMN_BYTES) throw tooLarge(m['flow.bpmn.tooLarge'], { name, max: '1 MB' });
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw tooLarge(m['flow.bpmn.tooLarge'], { name, max: '1 MB' });
  form.files.push({ name, xml: Buffer.concat(chunks).toString('utf8') });
}
