import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type DestinationStream, destination } from 'pino';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The path of a URL: queries carry secrets (Saber sends the password's md5 and refresh tokens in them). */
export const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

/**
 * The fields of an error worth a log line. Database errors carry the failed statement's parameters
 * (PGlite's `params`: password hashes, tokens) and `detail` quotes stored values; neither is kept.
 */
const ERROR_FIELDS = ['code', 'statusCode', 'table', 'column', 'constraint'] as const;

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const source = error as unknown as Record<string, unknown>;
  const out: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  for (const field of ERROR_FIELDS) if (source[field] !== undefined) out[field] = source[field];
  if (error.cause !== undefined) out.cause = serializeError(error.cause);
  return out;
}

interface RawRequest {
  method?: string;
  url?: string;
  headers?: { host?: string };
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** A request as its log line shows it: no query, no headers (tokens travel in them). */
function serializeRequest(request: RawRequest) {
  return {
    method: request.method,
    url: pathOf(request.url),
    host: request.headers?.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/**
 * One log line per request, when it is answered (`request completed`, with its status and time): Fastify's own
 * request logging, turned off where the server is made (`disableRequestLogging`), wrote two, one on arrival.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}

/** The server's log: the level asked for, and never a secret (see docs/decisions.md, issue 16). */
export function serverLogger(level: string, stream?: DestinationStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
  };
}

const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

/**
 * Standard output, written a few KiB at a time and at most a second late: a write of its own for every
 * request's line was one system call per request (a tenth of a small page's server time at ten
 * clients). What is buffered is written when the process exits, pino's own exit hook.
 */
export function bufferedStdout(): DestinationStream {
  const stream = destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
  stream.once('close', () => clearInterval(timer));
  return stream;
}
