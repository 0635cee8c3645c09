import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale, pickLocale, translate } from '../i18n/i18n.ts';
import { envelope } from './envelope.ts';
import { AppError } from './errors.ts';
import { RETRY_AFTER_SECONDS, unavailableDependency } from './unavailable.ts';
import { describeIssues, validationIssues } from './validation.ts';

/** Stores an unexpected error with its stack and answers the id it was stored under. */
export type ErrorRecorder = (error: Error, request: FastifyRequest) => Promise<string>;

// Fastify's own request errors, as statuses and catalogue keys.
const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'error.badJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'error.emptyJsonBody'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'error.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'error.badRequest'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'error.tooLarge'],
  FST_ERR_VALIDATION: [400, 'error.badRequest'],
  // @fastify/multipart's limits (modules that stream a file answer their own, clearer 413).
  FST_REQ_FILE_TOO_LARGE: [413, 'error.tooLarge'],
  FST_PARTS_LIMIT: [413, 'error.tooLarge'],
  FST_FILES_LIMIT: [413, 'error.tooLarge'],
  FST_FIELDS_LIMIT: [413, 'error.tooLarge'],
};

/**
 * PostgreSQL's data exceptions that bad input causes (out of range, bad text or byte, impossible
 * date, too long): input that validation should have refused. The last line of defence: a 400, not
 * a logged 500. Others of the class (division by zero) are the server's own defects and stay 500.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
const isDataException = (error: FastifyError) =>
  typeof error.code === 'string' && INPUT_DATA_EXCEPTIONS.has(error.code) && 'severity' in error;

/**
 * PostgreSQL's refusals of a write that met another at the same time: serialization failure,
 * deadlock, a lock not had in time (each rolled the whole transaction back, so nothing is half
 * written), and a unique index that no resource names in its rules (a document number taken by a
 * row written past the product). Conditions of the moment, not defects: a 409 the user can act on
 * (try again, or change the value), not a 500 with an error-log row.
 */
const CONFLICTS: Record<string, string> = {
  '40001': 'error.conflict.concurrent',
  '40P01': 'error.conflict.concurrent',
  '55P03': 'error.conflict.concurrent',
  '23505': 'error.conflict.duplicate',
};
const conflictOf = (error: FastifyError) =>
  typeof error.code === 'string' && 'severity' in error ? CONFLICTS[error.code] : undefined;

/**
 * The header naming a refusal's catalogue key (`warehouse.face.none`), so a client can tell refusals
 * apart (the kiosk shows a screen per reason) without parsing the message, which is translated.
 */
export const ERROR_KEY_HEADER = 'error-key';

function send(reply: FastifyReply, status: number, msg: string, data: unknown = null, key?: string) {
  if (key) reply.header(ERROR_KEY_HEADER, key);
  return (
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      // the envelope as it is, not through the route's schema of that status, which may be another shape
      // (OAuth's token endpoint answers its refusals as `{error, error_description}`)
      .serializer(JSON.stringify)
      .send(envelope(status, data, msg))
  );
}

/** The one place errors become answers: every error path answers the envelope, in the caller's language. */
export function registerErrorHandler(app: FastifyInstance, recordError: ErrorRecorder): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // An error raised before the context hook ran still answers, in the default language.
    const locale: Locale = request.ctx?.locale ?? DEFAULT_LOCALE;
    if (error instanceof AppError) {
      return send(reply, error.status, translate(locale, error.key, error.params), error.data, error.key);
    }
    const issues = validationIssues(error);
    if (issues) {
      const problems = describeIssues(locale, issues);
      return send(reply, 400, problems.map((p) => p.message).join('; '), problems);
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, 400, translate(locale, 'error.badJson'));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      return send(reply, known[0], translate(locale, known[1], { type: request.headers['content-type'] ?? '' }));
    }
    if (isDataException(error)) {
      request.log.warn({ code: error.code }, 'input refused by the database: validation let it through');
      return send(reply, 400, translate(locale, 'error.badValue'), null, 'error.badValue');
    }
    const conflict = conflictOf(error);
    if (conflict) {
      const { code, constraint } = error as FastifyError & { constraint?: string };
      request.log.warn({ code, constraint }, 'a write met another at the same time, or a unique value taken');
      return send(reply, 409, translate(locale, conflict), null, conflict);
    }
    if (error.statusCode === 429) return send(reply, 429, translate(locale, 'error.tooMany'), null, 'error.tooMany');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, translate(locale, 'error.badRequest'));
    }
    // A dependency that is down is not a bug: no error-log row (the database may be the one down).
    const down = unavailableDependency(error);
    if (down) {
      request.log.warn({ err: error }, `${down} unavailable`);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      const key = `error.unavailable.${down}`;
      return send(reply, 503, translate(locale, key), { dependency: down }, key);
    }
    const errorId = await recordError(error, request);
    return send(reply, 500, translate(locale, 'error.internal', { errorId }), { errorId });
  });
}

/**
 * Errors of the router, before any route or hook ran (a malformed `%` escape, a path parameter past
 * the router's length): the envelope too, in the language the request asks for.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = pickLocale(request.headers['accept-language']);
  const [status, key] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'error.urlTooLong'] : [400, 'error.badRequest'];
  return send(reply, status, translate(locale, key), null, key);
}

/** Unknown API paths answer a 404 envelope naming the path. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return send(
    reply,
    404,
    translate(request.ctx?.locale ?? DEFAULT_LOCALE, 'error.notFound.route', { method: request.method, path }),
  );
}
