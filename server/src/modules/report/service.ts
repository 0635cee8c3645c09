import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import { type Caller, PLATFORM_TENANT_ID } from '../../platform/tenancy/context.ts';
import { keptAnswers } from '../warehouse/report/kept.ts';
import { BUILTINS, periodOf } from './builtins.ts';
import type { PdfFonts } from './export-pdf.ts';
import { reportMessages as m } from './messages.ts';
import { resolveParams } from './params.ts';
import { type DatasetResult, MAX_ROWS, type RenderedGrid, render } from './render.ts';
import { checkSql } from './sql-check.ts';
import { type BoundSql, bindNames } from './sql-params.ts';
import { runSql } from './sql-runner.ts';
import type { Dataset, ReportTemplate } from './template.ts';

export const REPORT_SQL = 'report_sql';

/** What the module was started with: SQL datasets run only on PostgreSQL (PGlite enforces no time limit). */
export interface ReportOptions {
  sqlDatasets: boolean;
  fonts: PdfFonts;
}

/** Only holders of `report_sql` in the platform tenant write dataset SQL (docs/report-designer.md). */
export async function maySqlWrite(app: FastifyInstance, caller: Caller): Promise<boolean> {
  return caller.tenantId === PLATFORM_TENANT_ID && (await app.platform.permissions.hasAny(caller, [REPORT_SQL]));
}

/**
 * What a template's datasets must be before it is saved or run from the designer: builtins that
 * exist, and SQL only from a SQL writer, each parsed and checked (sql-check.ts). A tenant user thus
 * cannot save a report holding SQL at all, changed or not: simpler than telling edits apart.
 */
export async function checkDatasets(app: FastifyInstance, caller: Caller, template: ReportTemplate): Promise<void> {
  const sqlSets = template.datasets.filter((d) => d.kind === 'sql');
  if (sqlSets.length && !(await maySqlWrite(app, caller))) throw forbidden(m['report.sql.forbidden']);
  for (const d of template.datasets) await checkDataset(d, template);
}

/** The builtin dataset of that name, or a 400 naming it. */
function builtinNamed(name: string) {
  const builtin = BUILTINS.get(name);
  if (!builtin) throw badRequest(m['report.template.unknownBuiltin'], { name });
  return builtin;
}

async function checkDataset(d: Dataset, template: ReportTemplate): Promise<BoundSql | null> {
  if (d.kind === 'builtin') {
    builtinNamed(d.builtin);
    return null;
  }
  const bound = bindNames(d.sql, new Set(template.params.map((p) => p.name)));
  await checkSql(bound.text);
  return bound;
}

/** A dataset's fields: a builtin's as declared; a SQL one's checked and described without reading rows. */
export async function datasetFields(
  app: FastifyInstance,
  options: ReportOptions,
  caller: Caller,
  d: Dataset,
): Promise<DatasetResult['fields']> {
  if (d.kind === 'builtin') return builtinNamed(d.builtin).fields;
  if (!(await maySqlWrite(app, caller))) throw forbidden(m['report.sql.forbidden']);
  if (!options.sqlDatasets) throw badRequest(m['report.sql.needsPostgres']);
  // Parameters are unknown here: every `:name` is allowed, and bound to null.
  const names = new Set([...d.sql.matchAll(/:([a-zA-Z_][a-zA-Z0-9_]*)/g)].map((x) => x[1]!));
  const bound = bindNames(d.sql, names);
  await checkSql(bound.text);
  const result = await app.platform.tenantDb.withOwner(caller.tenantId, (db) =>
    runSql(
      db,
      caller.tenantId,
      bound,
      bound.names.map(() => null),
      0,
    ),
  );
  return result.fields;
}

/** The template filled: parameters checked, the bound datasets run in the caller's tenant, then rendered. */
export async function renderReport(
  app: FastifyInstance,
  options: ReportOptions,
  caller: Caller,
  template: ReportTemplate,
  given: Record<string, string>,
): Promise<RenderedGrid> {
  const values = resolveParams(template.params, given);
  const used = new Set(template.sheet.cells.flatMap((c) => (c.bind ? [c.bind.dataset] : [])));
  const data: Record<string, DatasetResult> = {};
  for (const d of template.datasets) {
    if (used.has(d.name)) data[d.name] = await runDataset(app, options, caller, template, d, values);
  }
  return render(template, data, values);
}

async function runDataset(
  app: FastifyInstance,
  options: ReportOptions,
  caller: Caller,
  template: ReportTemplate,
  d: Dataset,
  values: Record<string, string>,
): Promise<DatasetResult> {
  if (d.kind === 'builtin') {
    const builtin = builtinNamed(d.builtin);
    const rows = await app.platform.tenantDb.readInTenant(caller.tenantId, (trx) => {
      const read = () => builtin.rows(trx, caller.tenantId, periodOf(values), MAX_ROWS + 1);
      if (!builtin.kept) return read();
      const period = [values.from ?? null, values.to ?? null];
      return keptAnswers(app.platform.results, trx, caller.tenantId)(['report', builtin.key, period], read);
    });
    return { fields: builtin.fields, rows: rows.slice(0, MAX_ROWS), truncated: rows.length > MAX_ROWS };
  }
  const bound = (await checkDataset(d, template))!;
  if (!options.sqlDatasets) throw badRequest(m['report.sql.needsPostgres']);
  return app.platform.tenantDb.withOwner(caller.tenantId, (db) =>
    runSql(
      db,
      caller.tenantId,
      bound,
      bound.names.map((n) => values[n] ?? null),
      MAX_ROWS,
    ),
  );
}
