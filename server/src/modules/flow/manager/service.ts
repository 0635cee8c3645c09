import { sql } from 'kysely';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import { splitCsv } from '../../../platform/http/ids.ts';
import { inDatabasesOf } from '../../../platform/tenancy/across-databases.ts';
import { type Caller, isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import type { AnyTrx, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { findTenant } from '../../system/tenant/service.ts';
import { type BpmnFile, deployFiles, requireDefinition, withCategoryNames } from '../definitions.ts';
import { flowMessages as m } from '../messages.ts';
import { deleteInstance } from '../runtime/remove.ts';
import { toFlowProcess } from '../wire.ts';

/**
 * The tenants a deployment goes to: the caller's own unless named; only the platform administrator
 * names others (BladeX's tenantIds), each a live tenant.
 */
export async function deploymentTenants(trx: AnyTrx, caller: Caller, tenantIds: string | undefined) {
  const named = [...new Set(splitCsv(tenantIds))];
  if (!named.length || (named.length === 1 && named[0] === caller.tenantId)) return [caller.tenantId];
  if (!isPlatformAdministrator(caller)) throw forbidden();
  for (const tenantId of named) {
    if (!(await findTenant(trx, tenantId))) throw badRequest(m['flow.deploy.tenant'], { tenantId });
  }
  return named;
}

/**
 * Deploys files for the tenants named: in the caller's tenant as usual, or, when the platform
 * administrator names other tenants, in each tenant's database, all or none (`inDatabasesOf`).
 */
export async function deployForTenants(
  tenantDb: TenantDb,
  caller: Caller,
  input: { tenantIds?: string; category: string; files: BpmnFile[] },
) {
  const own = !input.tenantIds || splitCsv(input.tenantIds).every((t) => t === caller.tenantId);
  if (own) {
    return tenantDb.inTenant(caller.tenantId, async (trx) => {
      const deployed = await deployFiles(trx, caller, { ...input, tenantIds: [caller.tenantId] });
      return (await withCategoryNames(trx, deployed)).map(toFlowProcess);
    });
  }
  // the tenants are platform rows, read in the main database
  const tenantIds = await tenantDb.inAllTenants((trx) => deploymentTenants(trx, caller, input.tenantIds));
  const deployed = (
    await inDatabasesOf(tenantDb, tenantIds, (trx, ids) => deployFiles(trx, caller, { ...input, tenantIds: ids }))
  ).flat();
  deployed.sort((a, b) => tenantIds.indexOf(a.tenantId) - tenantIds.indexOf(b.tenantId));
  // the category names are the caller's dictionary, in its (the main) database
  return tenantDb.inTenant(caller.tenantId, async (trx) => (await withCategoryNames(trx, deployed)).map(toFlowProcess));
}

/**
 * Suspends or activates a definition and its running instances (Flowable's
 * `suspendProcessDefinitionById(id, true, null)`); answers the message key of what happened.
 */
export async function changeState(trx: AnyTrx, caller: Caller, processId: string, state: 'active' | 'suspend') {
  await requireDefinition(trx, caller.tenantId, processId);
  const target = state === 'active' ? 1 : 2;
  const { rows } = await sql`
    update flow_definition set suspension_state = ${target}
    where tenant_id = ${caller.tenantId} and id = ${processId} and suspension_state <> ${target}
    returning id`.execute(trx);
  if (!rows.length) return m['flow.state.same'];
  await sql`update flow_instance set suspension_state = ${target}
    where tenant_id = ${caller.tenantId} and definition_id = ${processId} and end_time is null`.execute(trx);
  return state === 'active' ? m['flow.state.active'] : m['flow.state.suspend'];
}

/**
 * Deletes deployments, all or none: one with running instances is refused unless `cascade`, which
 * deletes those instances first (their history stays); the definitions are then gone from every list.
 */
export async function deleteDeployments(
  trx: AnyTrx,
  caller: Caller,
  ids: string[],
  options: { cascade: boolean; reason: string },
): Promise<void> {
  for (const id of ids) {
    const { rows } = await sql`select 1 from flow_deployment
      where tenant_id = ${caller.tenantId} and id = ${id} and is_deleted = 0 for update`.execute(trx);
    if (!rows.length) throw notFound(m['flow.deployment.notFound'], { id });
    const { rows: running } = await sql<{ id: string }>`
      select i.id from flow_instance i join flow_definition d on d.id = i.definition_id
      where i.tenant_id = ${caller.tenantId} and d.deployment_id = ${id} and i.end_time is null order by i.id`.execute(
      trx,
    );
    if (running.length && !options.cascade) {
      throw badRequest(m['flow.deployment.running'], { id, count: running.length });
    }
    for (const instance of running) await deleteInstance(trx, caller, String(instance.id), options.reason);
    await sql`update flow_definition set is_deleted = 1 where tenant_id = ${caller.tenantId} and deployment_id = ${id}`.execute(
      trx,
    );
    await sql`update flow_deployment set is_deleted = 1 where id = ${id}`.execute(trx);
  }
}
