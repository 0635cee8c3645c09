import type { FastifyRequest } from 'fastify';
import { PLATFORM_TENANT_ID } from '../tenancy/context.ts';
import { maskSecrets } from './mask.ts';
import { serverInfo } from './server-info.ts';

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

/** The columns every blade_log_* row shares: where it was written, who called what, from where. */
export function requestLogColumns(request: FastifyRequest) {
  const caller = request.ctx?.caller ?? null;
  return {
    tenant_id: caller?.tenantId ?? PLATFORM_TENANT_ID,
    ...serverInfo,
    method: request.method,
    request_uri: request.url.split('?')[0],
    user_agent: request.headers['user-agent']?.slice(0, 1000) ?? null,
    remote_ip: request.ip,
    method_class: null,
    method_name: request.routeOptions.url ?? null,
    params: loggedParams(request),
    create_by: caller?.account ?? null,
    create_user: caller?.userId ?? null,
  };
}
