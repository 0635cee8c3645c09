import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { introspect } from './introspect.ts';
import { columnSchema, columnsQuery, tableSchema, tablesQuery } from './schema.ts';

// The generator's form picks a table: whoever adds or edits records reads them.
const access = { permission: ['code_add', 'code_edit'], platform: true };

/**
 * `tables?datasourceId` and `columns?datasourceId&tableName`: what a generator record may name, read
 * from the platform's own database (datasource 0 or none) or a PostgreSQL datasource.
 */
export function registerSourceRoutes(app: FastifyInstance, prefix: string, tags: string[]): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, sealer } = app.platform;

  api.get(
    `${prefix}/tables`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The tables of a datasource (0 or none: the platform database), with their comments',
        querystring: tablesQuery,
        response: answers(z.array(tableSchema), 400, 403, 404),
      },
    },
    async (request, reply) =>
      reply.ok(await introspect(db, sealer, request.query.datasourceId ?? '0', (i) => i.tables())),
  );

  api.get(
    `${prefix}/columns`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The columns of a table of a datasource, in their order, with their types and comments',
        querystring: columnsQuery,
        response: answers(z.array(columnSchema), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { datasourceId, tableName } = request.query;
      return reply.ok(await introspect(db, sealer, datasourceId ?? '0', (i) => i.columns(tableName)));
    },
  );
}
