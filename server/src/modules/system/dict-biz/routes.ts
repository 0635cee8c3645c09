import type { FastifyInstance } from 'fastify';
import { registerDictionaryRoutes } from '../dict/routes.ts';
import { dictBizResource } from './resource.ts';

/** `/api/blade-system/dict-biz/*`: the caller's tenant's business dictionaries, with the dict endpoints. */
export function registerDictBizRoutes(app: FastifyInstance): void {
  registerDictionaryRoutes(app, dictBizResource);
}
