import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { datasourceResource } from './resource.ts';

const PREFIX = '/api/blade-develop/datasource';

/** `/api/blade-develop/datasource/*` (BladeX DatasourceController), plus `select` for dropdowns. */
export function registerDatasourceRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: datasourceResource(app.platform.sealer),
    tag: 'develop/datasource',
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });
  app.get(
    `${PREFIX}/select`,
    {
      config: { access: { permission: ['datasource', 'datasource_view', 'tenant_datasource'], platform: true } },
      schema: {
        tags: ['develop/datasource'],
        summary: 'Datasources to pick from (id and name)',
        response: answers(z.array(z.object({ id: z.string(), name: z.string() })), 403),
      },
    },
    async (_request, reply) => {
      const { rows } = await sql<{ id: string; name: string }>`
        select id, name from blade_datasource where is_deleted = 0 order by name`.execute(app.platform.db);
      return reply.ok(rows);
    },
  );
}
