import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the routes' zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, tokenHeader: string): Promise<void> {
  // Loaded only when the documents are switched on (API_DOCS), not by every server.
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cloud warehouse API', version: '1.0.0', description: 'BladeX-compatible back-office API' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: tokenHeader } } },
      security: [{ bladeAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
