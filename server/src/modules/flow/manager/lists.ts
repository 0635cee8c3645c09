import { sql } from 'kysely';
import { readPage } from '../../../platform/db/paging.ts';
import type { Page } from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { type DefinitionRow, withCategoryNames } from '../definitions.ts';
import { toFlowProcess } from '../wire.ts';

export interface DefinitionFilter {
  category?: string;
  key?: string;
  /** Only the latest live version of each key that may be started (the start list). */
  startable?: boolean;
}

/** Definitions of the tenant, paged, newest deployments first (manager/list, work/start-list). */
export async function definitionPage(
  trx: AnyTrx,
  tenantId: string,
  filter: DefinitionFilter,
  query: { current: number; size: number },
) {
  let rows = trx
    .selectFrom('flow_definition as d')
    .innerJoin('flow_deployment as p', 'p.id', 'd.deployment_id')
    .where('d.tenant_id', '=', tenantId)
    .where('d.is_deleted', '=', 0);
  if (filter.category) rows = rows.where('d.category', '=', filter.category);
  if (filter.key) rows = rows.where('d.key', '=', filter.key);
  if (filter.startable) {
    rows = rows.where('d.suspension_state', '=', 1).where(
      'd.version',
      '=',
      sql<number>`(select max(l.version) from flow_definition l
                   where l.tenant_id = d.tenant_id and l.key = d.key and l.is_deleted = 0)`,
    );
  }
  const page: Page<DefinitionRow> = await readPage<DefinitionRow>(
    {
      db: trx,
      rows,
      key: 'd.id',
      select: (q) =>
        q.select([
          'd.id',
          'd.tenant_id as tenantId',
          'd.deployment_id as deploymentId',
          'd.key',
          'd.name',
          'd.description',
          'd.version',
          'd.category',
          'd.resource_name as resourceName',
          'd.suspension_state as suspensionState',
          'p.deploy_time as deploymentTime',
        ]),
      order: (q) => q.orderBy('p.deploy_time', 'desc').orderBy('d.key').orderBy('d.version', 'desc').orderBy('d.id'),
    },
    query,
  );
  return { ...page, records: (await withCategoryNames(trx, page.records)).map(toFlowProcess) };
}
