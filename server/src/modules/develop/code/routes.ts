import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSchema } from '../../../platform/crud/answers.ts';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers, fileAnswers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { archiveOf, mergeGenerated } from './archive.ts';
import { type GeneratedFile, generateFiles } from './generator/index.ts';
import type { CodeSpec } from './generator/model.ts';
import { introspect } from './introspect.ts';
import { CODE_READ, codeResource } from './resource.ts';
import { genCodeQuery, generatedFileSchema, idQuery } from './schema.ts';
import { registerSourceRoutes } from './source-routes.ts';

const PREFIX = '/api/blade-develop/code';
const TAGS = ['develop/code'];
const platform = true;
const repo = crudRepository(codeResource);
/** What a copy's name gets, within the column's 64 characters. */
const COPY_SUFFIX = '-copy';

const specOf = (row: Row): CodeSpec => row as unknown as CodeSpec;

/**
 * `/api/blade-develop/code/*` (BladeX CodeController): the records, `copy`, `preview` of what a
 * record generates, `gen-code` (the files as a ZIP download), and the tables and columns to pick from.
 */
export function registerCodeRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: codeResource,
    tag: TAGS[0]!,
    name: { one: 'generator record', many: 'generator records' },
    routes: ['list', 'detail', 'submit', 'remove'],
  });
  registerSourceRoutes(app, PREFIX, TAGS);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The records of these ids, each generated over its table's columns. */
  async function generate(request: FastifyRequest, ids: readonly string[]) {
    const caller = request.ctx.caller!;
    const rows = await request.readInTenant((trx) => Promise.all(ids.map((id) => repo.find(trx, caller, id))));
    if (rows.some((r) => !r)) throw notFound();
    const sets: GeneratedFile[][] = [];
    for (const row of rows as Row[]) {
      const columns = await introspect(app.platform.db, app.platform.sealer, String(row.datasourceId ?? '0'), (i) =>
        i.columns(String(row.tableName)),
      );
      sets.push(generateFiles(specOf(row), columns, String(row.id), sets.length));
    }
    return { sets, tables: (rows as Row[]).map((r) => String(r.tableName)) };
  }

  api.post(
    `${PREFIX}/copy`,
    {
      config: { access: { permission: 'code_copy', platform } },
      schema: {
        tags: TAGS,
        summary: `Copies a generator record (its module name followed by ${COPY_SUFFIX})`,
        querystring: idQuery,
        response: answers(recordSchema(codeResource), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const copy = await request.inTenant(async (trx) => {
        const found = await repo.find(trx, caller, request.query.id);
        if (!found) throw notFound();
        const values = Object.fromEntries(Object.keys(codeResource.fields).map((k) => [k, found[k]]));
        values.codeName = `${String(found.codeName).slice(0, 64 - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
        return repo.insert(trx, caller, values);
      });
      return reply.ok(copy);
    },
  );

  api.get(
    `${PREFIX}/preview`,
    {
      config: { access: { permission: [...CODE_READ, 'code_gen'], platform } },
      schema: {
        tags: TAGS,
        summary: 'The files a generator record makes, each with its path, to read before the download',
        querystring: idQuery,
        response: answers(z.array(generatedFileSchema), 400, 403, 404),
      },
    },
    async (request, reply) => reply.ok((await generate(request, [request.query.id])).sets[0]!),
  );

  api.post(
    `${PREFIX}/gen-code`,
    {
      config: { access: { permission: 'code_gen', platform } },
      schema: {
        tags: TAGS,
        summary:
          'The files of the generator records as a ZIP download (BladeX writes them on the server; this ' +
          'answers them instead); system (saber or sword) changes nothing',
        querystring: genCodeQuery,
        response: fileAnswers(
          'application/zip',
          'the generated files, with a README saying where each goes',
          400,
          403,
          404,
        ),
      },
    },
    async (request, reply) => {
      const { sets, tables } = await generate(request, request.query.ids);
      // a checked identifier: nothing to quote in the header
      const name = tables.length === 1 ? tables[0]! : 'code';
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}.zip"`)
        .send(archiveOf(mergeGenerated(sets)));
    },
  );
}
