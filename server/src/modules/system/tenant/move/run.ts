import { sql } from 'kysely';
import { conflict, notFound } from '../../../../platform/http/errors.ts';
import type { Platform } from '../../../../platform/register.ts';
import { moveTenant } from '../../../../platform/tenancy/move/mover.ts';
import type { LinkTable } from '../../../../platform/tenancy/move/tables.ts';
import type { OpenTenantDatabase } from '../../../../platform/tenancy/tenant-databases.ts';
import { recordDeparture } from '../departures.ts';
import { tenantMessages as m } from '../messages.ts';
import { startProgress } from './progress.ts';

/** The link tables without tenant_id whose rows are a tenant's through their parent (migration 0003). */
export const TENANT_LINKS: readonly LinkTable[] = [
  { table: 'blade_role_menu', column: 'role_id', parent: 'blade_role' },
  { table: 'blade_role_scope', column: 'role_id', parent: 'blade_role' },
  { table: 'blade_user_dept', column: 'user_id', parent: 'blade_user' },
  { table: 'blade_top_menu_setting', column: 'top_menu_id', parent: 'blade_top_menu' },
];

export interface MoveRequest {
  /** blade_tenant's id and tenant_id. */
  id: string;
  tenantId: string;
  userId: string;
  /** Where the tenant is served from and where it goes: an open tenant database, or null for the main one. */
  from: OpenTenantDatabase | null;
  to: OpenTenantDatabase | null;
  batchRows: number;
}

const isLive = async (platform: Platform, id: string) =>
  (await sql`select 1 from blade_tenant where id = ${id} and is_deleted = 0`.execute(platform.db)).rows.length > 0;

/**
 * Starts moving a tenant (platform/tenancy/move/mover.ts) with its progress in the shared store, and
 * answers the move's end (`done`); a move of the same tenant already running is refused. The tenant's binding
 * changes in the main database, which every instance reads within 30 s (this one at once).
 */
export async function startMove(platform: Platform, r: MoveRequest): Promise<{ done: Promise<void> }> {
  const progress = await startProgress(platform.store, {
    tenantId: r.tenantId,
    from: r.from?.name ?? null,
    to: r.to?.name ?? null,
  });
  if (!progress) throw conflict(m['tenant.move.running'], { tenantId: r.tenantId });
  // removed since it was read: a removal holds this lock while it clears the tenant's fences (manage.ts)
  if (!(await isLive(platform, r.id))) {
    const removed = notFound(m['tenant.notFound'], { tenantId: r.tenantId });
    await progress.fail(removed);
    throw removed;
  }
  const databases = platform.tenantDatabases!;
  const releases = [r.from, r.to].map((d) => (d ? databases.hold(d) : () => undefined));
  const datasourceId = r.to?.key ?? null;
  const run = moveTenant({
    tenantId: r.tenantId,
    source: r.from?.db ?? platform.db,
    target: r.to?.db ?? platform.db,
    links: TENANT_LINKS,
    batchRows: r.batchRows,
    report: progress.report,
    async switchOver() {
      // the database left is recorded with the binding: a removal of the tenant finds its `moved` fence there
      await platform.db.transaction().execute(async (trx) => {
        await sql`update blade_tenant set datasource_id = ${datasourceId}, update_user = ${r.userId},
          update_time = now() where id = ${r.id}`.execute(trx);
        await recordDeparture(trx, r.tenantId, r.from?.key ?? null, datasourceId);
      });
      // every instance's bindings: this one's at once, the others' within their 30 s (the source's fence meanwhile)
      platform.caches.clear();
    },
    async switched() {
      const { rows } = await sql<{ datasourceId: string | null }>`
        select cast(datasource_id as text) as "datasourceId" from blade_tenant where id = ${r.id}`.execute(platform.db);
      return (rows[0]?.datasourceId ?? null) === datasourceId;
    },
  });
  const done = run
    .then(
      (outcome) => progress.finish(outcome.leftInSource),
      async (error: unknown) => {
        await progress.fail(error).catch(() => undefined);
        throw error;
      },
    )
    .finally(() => {
      for (const release of releases) release();
    });
  return { done };
}
