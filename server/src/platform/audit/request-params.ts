import type { FastifyRequest } from 'fastify';
import { maskSecrets } from './mask.ts';

const MAX_PARAMS_LENGTH = 8000;

/** Query and body of a request, secrets masked, as one JSON text for a log row. */
export function loggedParams(request: FastifyRequest): string {
  // The query as the client sent it, not as validation filled in its defaults.
  const query = Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  let params = { ...query, ...body };
  const redact = request.routeOptions.config?.audit?.redact;
  if (redact) params = redact(params);
  const text = JSON.stringify(maskSecrets(params));
  return text.length > MAX_PARAMS_LENGTH ? `${text.slice(0, MAX_PARAMS_LENGTH)}…` : text;
}
