import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { materialsCodeResource } from '../../server/src/modules/warehouse/materialscode/resource.ts';
import { movementResource } from '../../server/src/modules/warehouse/movement/resource.ts';
import { crudRepository } from '../../server/src/platform/crud/repository.ts';
import type { CrudResource } from '../../server/src/platform/crud/resource.ts';
import type { AnyTrx } from '../../server/src/platform/tenancy/tenant-db.ts';

// The bare server of bench/bare-ratio.ts, in its own process: Fastify + Kysely on a pg pool of 10
// (as the product's), no sign-in, no tenant transaction, no logging. Its list pages send the
// product's SQL by construction: the same repository and names lookup, called on the pool directly.
// Run: DATABASE_URL=... PORT=... TENANT_ID=000000 node bench/support/bare-server.ts
const asText = (v: string) => v;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 || oid === 1700
        ? asText
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  },
});
const db = new Kysely({ dialect: new PostgresDialect({ pool }) }) as unknown as AnyTrx;
const tenantId = process.env.TENANT_ID ?? '000000';
const caller = {
  tenantId,
  userId: '0',
  account: 'bench',
  roleIds: [],
  roleAliases: [],
  deptIds: [],
  postIds: [],
  clientId: 'saber',
};
const app = Fastify({ logger: false });

/** `GET <prefix>/page` as the CRUD factory answers it (platform/crud/routes.ts), minus the checks. */
function page(prefix: string, resource: CrudResource) {
  const repo = crudRepository(resource);
  app.get(`${prefix}/page`, async (request) => {
    const query = request.query as Record<string, string>;
    const paging = { current: Number(query.current ?? 1), size: Number(query.size ?? 10) };
    const found = await repo.page(db, caller, { ...query, ...paging }, 'all');
    const records = (await resource.hooks?.decorate?.(db, caller, found.records)) ?? found.records;
    return { code: 200, success: true, data: { ...found, records }, msg: '操作成功' };
  });
}
page('/api/warehouse/movement', movementResource);
page('/api/warehouse/materialscode', materialsCodeResource);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
