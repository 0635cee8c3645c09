import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** What a client written for BladeX must know of this server, at the head of the OpenAPI document. */
export const API_DESCRIPTION = [
  'BladeX-compatible back-office API: the answers are the R envelope `{code, success, data, msg}`, whose `code` is the HTTP status.',
  '',
  '**401 and 403.** 401 means no valid token (missing, expired or revoked): sign in again. A signed-in caller refused an',
  'action (a permission code, a role guard, a platform-only route) is answered **403**, where BladeX answers 401 for a failed',
  '`@PreAuth`. This is deliberate and kept: BladeX and Saber clients sign the user out on any 401, so a missing button',
  'permission would end the session; on 403 they show the message and the user stays signed in.',
  '',
  '**Empty form values.** For an optional field that is not free text (a number, an id, a date, a choice), `""` means',
  '"not given", as if absent: an update keeps the value, an insert takes the default; `null` clears a field that may be',
  'empty. A tree\'s `parentId` of `""`, `"0"`, `0` or `null` names the root.',
].join('\n');

/** The OpenAPI document generated from the routes' zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, tokenHeader: string): Promise<void> {
  // Loaded only when the documents are switched on (API_DOCS), not by every server.
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cloud warehouse API', version: '1.0.0', description: API_DESCRIPTION },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: tokenHeader } } },
      security: [{ bladeAuth: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = out.schema as { operationId?: string };
      // Clients are generated from this document: every operation gets a stable name, from its route
      // when the route names none (`POST /api/blade-resource/oss/enable` -> post_bladeResource_oss_enable).
      if (!schema.operationId)
        out.schema = { ...out.schema, operationId: operationIdOf(input.route.method, input.url) };
      return out;
    },
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
