import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { CrudHooks, CrudResource } from '../../../platform/crud/resource.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { dictLabels } from '../dict/service.ts';
import type { API_SCOPE, DATA_SCOPE } from '../scope/grants.ts';

// What data scopes and API scopes share: both are platform-wide rows hung on a menu and granted to roles.

export interface ScopeRules {
  /** blade_role_scope.scope_category of the grants of these rows. */
  category: typeof DATA_SCOPE | typeof API_SCOPE;
  /** The system dictionary that names scopeType. */
  typeDictionary: string;
  /** Message of a menuId that names no live menu. */
  menuMissing: string;
  /** Rules over the record as it will be (an update merged onto the stored row). */
  check?(record: Record<string, unknown>): void;
}

async function menuExists(trx: AnyTrx, menuId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from blade_menu where id = ${menuId} and is_deleted = 0`.execute(trx);
  return rows.length > 0;
}

export function scopeHooks(rules: ScopeRules): CrudHooks {
  return {
    async beforeSave(trx, _caller, values, existing) {
      if (values.menuId !== undefined && !(await menuExists(trx, String(values.menuId)))) {
        throw badRequest(rules.menuMissing);
      }
      rules.check?.({ ...existing, ...values });
    },
    // A grant of a removed scope would limit (or widen) roles through a rule nobody can see.
    async beforeRemove(trx, _caller, ids) {
      await sql`delete from blade_role_scope where scope_category = ${rules.category}
        and scope_id in (${sql.join(ids)})`.execute(trx);
    },
    async decorate(trx, _caller, records) {
      const labels = await dictLabels(trx, rules.typeDictionary);
      return records.map((r) => ({ ...r, scopeTypeName: labels.get(String(r.scopeType)) ?? null }));
    },
  };
}

/**
 * list and detail for holders of the read code (any tenant: the rows are shared configuration);
 * submit, save, update and remove only for the platform tenant. Scope rows feed every caller's permissions, so
 * the permission caches are emptied once a write has committed (not before: a request in between
 * would cache the old rows again).
 */
export function registerScopeRoutes(
  app: FastifyInstance,
  options: { prefix: string; tag: string; resource: CrudResource },
): void {
  app.register(async (scoped) => {
    scoped.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200) app.platform.caches.clear();
      return payload;
    });
    registerCrudRoutes(scoped, { ...options, routes: ['list', 'detail'] });
    registerCrudRoutes(scoped, {
      ...options,
      resource: { ...options.resource, platformOnly: true },
      routes: ['submit', 'save', 'update', 'remove'],
    });
  });
}
