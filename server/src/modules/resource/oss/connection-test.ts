import { AppError, badRequest } from '../../../platform/http/errors.ts';
import { newObjectKey } from '../../../platform/storage/object-store.ts';
import type { S3Settings } from '../../../platform/storage/s3-store.ts';
import { ossMessages as m } from './messages.ts';
import { loadS3 } from './stores.ts';

type Step = 'put' | 'get' | 'remove';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);
const CREDENTIAL_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidSecurity',
  'InvalidToken',
  'AuthorizationHeaderMalformed',
]);

/** The error a step failed with, as the message a person configuring the store can act on. */
export function explainFailure(error: unknown, step: Step, settings: S3Settings): AppError {
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  if ((code && NETWORK_CODES.has(code)) || name === 'TimeoutError')
    return badRequest(m['oss.test.unreachable'], { endpoint: settings.endpoint, reason: code ?? name });
  // An S3 service's answer (the SDK's S3ServiceException, not imported here: the SDK loads on first use).
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && name) {
    if (name === 'NoSuchBucket') return badRequest(m['oss.test.bucket'], { bucket: settings.bucket });
    if (CREDENTIAL_CODES.has(name) || status === 401 || status === 403)
      return badRequest(m['oss.test.credentials'], { code: name });
  }
  // Anything else (an address that answers, but not as S3 does) is named as the service or SDK said.
  return badRequest(m['oss.test.failed'], {
    step: { messageKey: m[`oss.test.step.${step}`] },
    reason: `${name ?? 'Error'}: ${String(message ?? '').slice(0, 200)}`,
  });
}

/**
 * Puts a small object into the configured bucket, reads it back and deletes it, with one try per
 * call and short timeouts; throws the first failure as a message saying what to fix.
 */
export async function testConnection(settings: S3Settings, tenantId: string): Promise<void> {
  const { createS3Store } = await loadS3();
  const store = createS3Store({ ...settings, maxAttempts: 1, connectionTimeout: 5000, requestTimeout: 15_000 });
  const key = newObjectKey(tenantId, 'connection-test.txt');
  const body = Buffer.from(`connection test ${new Date().toISOString()}\n`);
  let step: Step = 'put';
  try {
    await store.put(body, key, 'text/plain');
    step = 'get';
    const found = await store.get(key);
    const chunks: Buffer[] = [];
    if (found) for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    step = 'remove';
    await store.remove(key);
    if (!found || !Buffer.concat(chunks).equals(body)) throw badRequest(m['oss.test.mismatch']);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw explainFailure(error, step, settings);
  } finally {
    store.destroy();
  }
}
