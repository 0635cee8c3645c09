import { sql } from 'kysely';
import { crudRepository } from '../../platform/crud/repository.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { reportFileResource } from './resource.ts';
import type { ReportTemplate } from './template.ts';

export interface StoredReport {
  id: string;
  name: string;
  template: ReportTemplate;
}

/** A live report of the caller's tenant with its template; undefined when there is none (or not theirs). */
export async function findReport(trx: AnyTrx, caller: Caller, id: string): Promise<StoredReport | undefined> {
  const { rows } = await sql<{ id: string; name: string; content: ReportTemplate | string }>`
    select id, name, content from blade_report_file
    where tenant_id = ${caller.tenantId} and id = ${id} and is_deleted = 0`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const template = typeof row.content === 'string' ? (JSON.parse(row.content) as ReportTemplate) : row.content;
  return { id: String(row.id), name: row.name, template };
}

/** The live report names of the tenant that start with `prefix`: what a copy's name must avoid. */
export async function namesLike(trx: AnyTrx, caller: Caller, prefix: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select name from blade_report_file
    where tenant_id = ${caller.tenantId} and is_deleted = 0 and starts_with(name, ${prefix})`.execute(trx);
  return new Set(rows.map((r) => r.name));
}

const repo = crudRepository(reportFileResource);

/** Inserts a report through the CRUD repository (audit columns, the unique name's 409). */
export async function insertReport(trx: AnyTrx, caller: Caller, name: string, template: ReportTemplate) {
  const row = await repo.insert(trx, caller, {
    name,
    template: JSON.stringify(template),
  });
  return String(row.id);
}
