import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the routes' zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, tokenHeader: string): Promise<void> {
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
