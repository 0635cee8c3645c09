import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/access.ts';
import { KIOSK_KEY_HEADER } from '../auth/kiosk.ts';
import { dateTimeText, errorSchema, REFUSALS, WALL_CLOCK } from './envelope.ts';

const DESCRIPTION = `BladeX-compatible back-office API.

Every answer is BladeX's envelope \`R\`: \`{code, success, data, msg}\`, where \`success\` is \`code == 200\` and the
HTTP status equals \`code\`. A refusal answers the same envelope (\`ErrorEnvelope\`): \`msg\` says why in the
caller's language (\`Accept-Language\`: zh-CN or en-US), \`data\` may name the refused fields.

Authentication: the token of a sign-in in the \`${'{tokenHeader}'}\` header, as \`bearer <accessToken>\`. No token, or a
token that is expired or revoked, answers 401: sign in again. A signed-in caller refused an action (a permission
code, a role guard, a platform-only route) is answered **403**, where BladeX answers 401 for a failed \`@PreAuth\`:
kept on purpose, since BladeX and Saber clients sign the user out on any 401, so a missing button permission would
end the session; on 403 they show the message and the user stays signed in. The token endpoints authenticate the
client (\`Authorization: Basic base64(clientId:clientSecret)\`) instead.

Empty form values: for an optional field that is not free text (a number, an id, a date, a choice), \`""\` means
"not given", as if absent: an update keeps the value, an insert takes the default; \`null\` clears a field that may
be empty. A tree's \`parentId\` of \`""\`, \`"0"\`, \`0\` or \`null\` names the root.

Dates in answers are BladeX's \`yyyy-MM-dd HH:mm:ss\`, the wall clock of the server's zone (the TIME_ZONE
setting, Asia/Shanghai unless set). Dates sent are read in the same forms (and \`yyyy-MM-dd\` for a day) in that
zone, or as ISO 8601 with an offset.`;

/** The refusal envelope, the one shared component every 4xx answer names. */
const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

type Response = { description?: string; content?: Record<string, { schema?: unknown }> };
type Operation = { security?: unknown[]; responses?: Record<string, Response> };

const UNAUTHORIZED: Response = {
  description: 'no token, or one expired or revoked (sign in again)',
  content: { 'application/json': { schema: ERROR_REF } },
};

/** Who may call a route, as the document's security requirement. */
function securityOf(access: Access | undefined): Record<string, string[]>[] | undefined {
  if (access === 'public') return [];
  if (access === 'kiosk') return [{ kioskKey: [] }];
  if (typeof access === 'object' && access.kiosk) return [{ bladeAuth: [] }, { kioskKey: [] }];
  return undefined;
}

/** Answered dates: `z.date()` is generated as RFC 3339 `date-time`, which the wire's wall clock is not. */
function wallClockDates(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.format === 'date-time') {
    delete schema.format;
    schema.pattern = WALL_CLOCK.source;
    schema.description ??= dateTimeText.description;
  }
  for (const child of Object.values(schema)) wallClockDates(child);
}

/** The value an answer carries for a null of a JSON Schema type (answer-shape.ts, BladeX's null-to-empty). */
const EMPTY_OF: Record<string, Record<string, unknown>> = {
  string: { const: '' },
  integer: { const: -1 },
  number: { const: -1 },
  boolean: { const: false },
  array: { type: 'array', maxItems: 0 },
  object: { type: 'object', maxProperties: 0 },
};

const NARROWING = new Set(['pattern', 'format', 'enum', 'const', 'minimum', 'maximum', 'minLength', 'minItems']);

/**
 * Answers never carry a null their schema types (`string | null` goes out as `""`): in the document,
 * each such null becomes the empty value that goes instead, as the shaper does. A null of an untyped or
 * many-typed value stays.
 */
function emptiedNulls(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const child of Object.values(node)) emptiedNulls(child);
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.type) && schema.type.length === 2 && schema.type.includes('null')) {
    const type = schema.type.find((t) => t !== 'null') as string;
    if (!EMPTY_OF[type]) return;
    const narrowed = Object.keys(schema).filter((key) => NARROWING.has(key));
    schema.type = type;
    // "" may break a pattern (a date's), -1 a minimum: the empty value is said beside the narrowed one
    if (narrowed.length) {
      const typed: Record<string, unknown> = { type };
      for (const key of narrowed) {
        typed[key] = schema[key];
        delete schema[key];
      }
      delete schema.type;
      schema.anyOf = [typed, EMPTY_OF[type]];
    }
    return;
  }
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const [typed, nullBranch] = anyOf[1]?.type === 'null' ? [anyOf[0], 1] : [anyOf[1], 0];
    const empty = typeof typed?.type === 'string' ? EMPTY_OF[typed.type] : undefined;
    if (anyOf[nullBranch]?.type === 'null' && empty) anyOf[nullBranch] = empty;
  }
}

/** The whole document, once generated: every refusal names the shared error envelope, every date the wall clock. */
function finish(document: Record<string, unknown>): Record<string, unknown> {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      operation.responses ??= {};
      wallClockDates(operation.responses);
      emptiedNulls(operation.responses[200]);
      // Every route that takes a token may answer 401; only the public ones (security: []) do not.
      if (operation.security?.length !== 0) operation.responses[401] ??= UNAUTHORIZED;
      const ok = operation.responses[200];
      if (ok?.description === 'Default Response') ok.description = 'the envelope R, with data as described';
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^4\d\d$/.test(status) || !response.content) continue;
        for (const media of Object.values(response.content)) {
          // a refusal of its own shape (titled: OAuth's error) stays as it is
          if (!(media.schema as { title?: string } | undefined)?.title) media.schema = ERROR_REF;
        }
      }
    }
  }
  return document;
}

/** The OpenAPI document generated from the routes' zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, tokenHeader: string): Promise<void> {
  // Loaded only when the documents are switched on (API_DOCS), not by every server.
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const { $schema: _, ...errorEnvelope } = z.toJSONSchema(errorSchema, { target: 'draft-2020-12', io: 'output' });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, where a value that may be null is `type: [..., 'null']` (3.0's `nullable`
      // cannot be said of a union, which zod's optional ids and trees' parents are).
      openapi: '3.1.0',
      info: {
        title: 'Cloud warehouse API',
        version: '1.0.0',
        description: DESCRIPTION.replace('{tokenHeader}', tokenHeader),
      },
      servers: [{ url: '/', description: 'this server' }],
      components: {
        securitySchemes: {
          bladeAuth: {
            type: 'apiKey',
            in: 'header',
            name: tokenHeader,
            description: '`bearer <accessToken>` from a sign-in',
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: "the client's id and secret (blade_client), on the token endpoints",
          },
          kioskKey: { type: 'apiKey', in: 'header', name: KIOSK_KEY_HEADER, description: "a kiosk device's key" },
        },
        schemas: { ErrorEnvelope: errorEnvelope as Record<string, unknown> },
      },
      security: [{ bladeAuth: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = { ...out.schema } as Record<string, unknown>;
      // Clients are generated from this document: every operation gets a stable name, from its route
      // when the route names none (`POST /api/blade-resource/oss/enable` -> post_bladeResource_oss_enable).
      schema.operationId ??= operationIdOf(input.route.method, input.url);
      const config = input.route.config as { access?: Access; rateLimit?: unknown } | undefined;
      const access = config?.access;
      // A rate-limited route may refuse with 429 before it reads anything (platform/http/rate-limit.ts).
      if (config?.rateLimit) {
        const response = { ...(schema.response as Record<string, unknown> | undefined) };
        response[429] ??= { description: REFUSALS[429], type: 'object' };
        schema.response = response;
      }
      if (!schema.security) {
        const security = securityOf(access);
        if (security) schema.security = security;
      }
      out.schema = schema;
      return out;
    },
    transformObject: (documents) =>
      finish(('openapiObject' in documents ? documents.openapiObject : {}) as Record<string, unknown>),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

const camel = (word: string) => word.replace(/[-_.](\w)/g, (_, c: string) => c.toUpperCase());

/**
 * `GET /api/blade-user/detail/:id` -> `get_bladeUser_detail_byId`. Segments stay apart, so
 * `tenant/package-detail` and `tenant-package/detail` keep two names.
 */
export function operationIdOf(method: string | string[], url: string): string {
  const verb = (Array.isArray(method) ? method[0]! : method).toLowerCase();
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? camel(`by-${segment.slice(1)}`) : camel(segment)));
  return [verb, ...words].join('_');
}
