import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema, pageResponse } from '../../../platform/http/query.ts';
import { pageRegions } from './repository.ts';
import {
  regionCodeQuery,
  regionLazyListQuery,
  regionLazyTreeQuery,
  regionRemoveQuery,
  regionSubmitBody,
} from './schema.ts';
import { regionDetail, regionLazyList, regionLazyTree, removeRegion, saveRegion } from './service.ts';

const PREFIX = '/api/blade-system/region';
const tags = ['system/region'];
// Regions are platform-wide: any tenant's holders of the read codes see them, only the platform tenant changes them.
const READ = { permission: ['region', 'region_view'] };

/** `/api/blade-system/region/*` (BladeX RegionController): list, lazy-list, lazy-tree, detail, submit, remove. */
export function registerRegionRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.platform.db;

  api.get(
    `${PREFIX}/list`,
    { config: { access: READ }, schema: { tags, querystring: pageQuerySchema.loose(), response: pageResponse } },
    async (request, reply) => reply.ok(await pageRegions(db, request.query)),
  );

  api.get(
    `${PREFIX}/lazy-list`,
    { config: { access: READ }, schema: { tags, querystring: regionLazyListQuery } },
    async (request, reply) => {
      const { parentCode, ...search } = request.query;
      return reply.ok(await regionLazyList(db, parentCode, search));
    },
  );

  api.get(
    `${PREFIX}/lazy-tree`,
    { config: { access: READ }, schema: { tags, querystring: regionLazyTreeQuery } },
    async (request, reply) => {
      const { parentCode, ...search } = request.query;
      return reply.ok(await regionLazyTree(db, parentCode, search));
    },
  );

  api.get(
    `${PREFIX}/detail`,
    { config: { access: READ }, schema: { tags, querystring: regionCodeQuery } },
    async (request, reply) => reply.ok(await regionDetail(db, request.query.code)),
  );

  api.post(
    `${PREFIX}/submit`,
    {
      config: { access: { permission: ['region_add', 'region_edit'], platform: true } },
      schema: { tags, body: regionSubmitBody },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      // The route admitted either code; whether this is an add or an edit depends on the code existing.
      const mayDo = (action: 'add' | 'edit') => app.platform.permissions.hasAny(caller, [`region_${action}`]);
      return reply.ok(await saveRegion(db, request.body, mayDo));
    },
  );

  api.post(
    `${PREFIX}/remove`,
    {
      config: { access: { permission: 'region_delete', platform: true } },
      schema: { tags, querystring: regionRemoveQuery },
    },
    async (request, reply) => {
      await removeRegion(db, request.query.id);
      return reply.ok(null);
    },
  );
}
