import { sql } from 'kysely';
import { nextId } from '../../platform/db/snowflake.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { dictLabels } from '../system/dict/service.ts';
import { type ParsedProcess, parseBpmn } from './engine/bpmn.ts';
import { flowMessages as m } from './messages.ts';

/** A deployed process definition (BladeX's FlowProcess on the wire). */
export interface DefinitionRow {
  id: string;
  tenantId: string;
  deploymentId: string;
  key: string;
  name: string | null;
  description: string | null;
  version: number;
  category: string | null;
  resourceName: string;
  suspensionState: number;
  deploymentTime: Date;
}

export const DEFINITION_COLUMNS = sql`d.id, d.tenant_id as "tenantId", d.deployment_id as "deploymentId", d.key, d.name,
  d.description, d.version, d.category, d.resource_name as "resourceName", d.suspension_state as "suspensionState",
  p.deploy_time as "deploymentTime"`;

/** A live definition of the tenant, with its XML; null when there is none. */
export async function findDefinition(
  trx: AnyTrx,
  tenantId: string,
  id: string,
): Promise<(DefinitionRow & { xml: string }) | null> {
  const { rows } = await sql<DefinitionRow & { xml: string }>`
    select ${DEFINITION_COLUMNS}, d.xml from flow_definition d join flow_deployment p on p.id = d.deployment_id
    where d.tenant_id = ${tenantId} and d.id = ${id} and d.is_deleted = 0`.execute(trx);
  return rows[0] ?? null;
}

/** The same, or 404 naming it. */
export async function requireDefinition(trx: AnyTrx, tenantId: string, id: string) {
  const found = await findDefinition(trx, tenantId, id);
  if (!found) throw notFound(m['flow.definition.notFound'], { id });
  return found;
}

/** The latest live version of a key in the tenant (what starting by key starts). */
export async function latestDefinitionId(trx: AnyTrx, tenantId: string, key: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select id from flow_definition where tenant_id = ${tenantId} and key = ${key} and is_deleted = 0
    order by version desc limit 1`.execute(trx);
  return rows[0]?.id ?? null;
}

/** `flow_1` → the `flow` dictionary's label of `1` (请假流程), as BladeX's categoryName. */
export async function withCategoryNames<T extends { category: string | null }>(
  trx: AnyTrx,
  rows: T[],
): Promise<(T & { categoryName: string | null })[]> {
  const codes = [...new Set(rows.map((r) => r.category?.split('_')[0]).filter((c): c is string => !!c))];
  const labels = new Map(await Promise.all(codes.map(async (code) => [code, await dictLabels(trx, code)] as const)));
  return rows.map((r) => {
    const [code, key] = (r.category ?? '').split('_');
    return { ...r, categoryName: (code && key && labels.get(code)?.get(key)) || null };
  });
}

export interface BpmnFile {
  name: string;
  xml: string;
}

/**
 * Deploys BPMN files into each of the tenants, all or nothing: every file is checked before anything
 * is written; each tenant gets a deployment holding one definition per file, versioned per key
 * within the tenant. `caller` is null for the seed.
 */
export async function deployFiles(
  trx: AnyTrx,
  caller: Caller | null,
  input: { tenantIds: string[]; category: string; files: BpmnFile[] },
): Promise<DefinitionRow[]> {
  if (!input.files.length) throw badRequest(m['flow.bpmn.required']);
  const parsed: ParsedProcess[] = [];
  for (const file of input.files) parsed.push(await parseBpmn(file.xml, file.name));
  const keys = parsed.map((p) => p.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) throw badRequest(m['flow.deploy.sameKey'], { key: twice });
  const deployed: DefinitionRow[] = [];
  for (const tenantId of input.tenantIds) {
    const deploymentId = nextId();
    await sql`
      insert into flow_deployment (id, tenant_id, name, category, create_user)
      values (${deploymentId}, ${tenantId}, ${input.files[0]!.name.slice(0, 255)}, ${input.category},
              ${caller?.userId ?? null})`.execute(trx);
    for (const [i, process] of parsed.entries()) {
      deployed.push(await insertDefinition(trx, tenantId, deploymentId, input.category, process, input.files[i]!.name));
    }
  }
  return deployed;
}

async function insertDefinition(
  trx: AnyTrx,
  tenantId: string,
  deploymentId: string,
  category: string,
  process: ParsedProcess,
  resourceName: string,
): Promise<DefinitionRow> {
  const { rows } = await sql<{ version: number }>`
    select coalesce(max(version), 0) + 1 as version from flow_definition
    where tenant_id = ${tenantId} and key = ${process.key}`.execute(trx);
  const version = Number(rows[0]!.version);
  const id = `${process.key}:${version}:${nextId()}`;
  try {
    await sql`
      insert into flow_definition (id, tenant_id, deployment_id, key, name, description, version, category,
                                   resource_name, xml)
      values (${id}, ${tenantId}, ${deploymentId}, ${process.key}, ${process.name}, ${process.description},
              ${version}, ${category}, ${resourceName.slice(0, 255)}, ${process.xml})`.execute(trx);
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    // Another deployment of the key took this version at the same moment.
    throw conflict(m['flow.definition.concurrent'], { key: process.key });
  }
  return (await findDefinition(trx, tenantId, id))!;
}

/** A definition's XML, removed ones too (an instance's diagram outlives its deployment). */
export async function definitionXml(trx: AnyTrx, tenantId: string, id: string): Promise<string | null> {
  const { rows } = await sql<{ xml: string }>`
    select xml from flow_definition where tenant_id = ${tenantId} and id = ${id}`.execute(trx);
  return rows[0]?.xml ?? null;
}
