import { AppError } from '../../../platform/http/errors.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { BpmnFile } from '../definitions.ts';
import { parseBpmn } from '../engine/bpmn.ts';
import { flowMessages as m } from '../messages.ts';

/** What `check-upload` answers (BladeX: `{name, success}`); `msg` says why not, or that it may be deployed. */
export interface UploadCheck {
  name: string;
  success: boolean;
  msg: string;
}

// The resources Flowable deploys as processes; BladeX's check takes `.bpmn20.xml` only.
const BPMN_NAME = /\.(bpmn20\.xml|bpmn)$/i;

/**
 * Checks a BPMN file as deploy-upload would, without deploying it: its name, then every rule of the
 * engine (parseBpmn). A file that fails is answered, not refused: the client shows `msg` and keeps
 * the file out of the deployment.
 */
export async function checkUpload(file: BpmnFile, locale: Locale): Promise<UploadCheck> {
  const refused = (key: string, params: Record<string, unknown>) => ({
    name: file.name,
    success: false,
    msg: translate(locale, key, params),
  });
  if (!BPMN_NAME.test(file.name)) return refused(m['flow.upload.name'], { name: file.name });
  try {
    await parseBpmn(file.xml, file.name);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return refused(error.key, error.params);
    throw error;
  }
  return { name: file.name, success: true, msg: translate(locale, m['flow.upload.ok'], { name: file.name }) };
}
