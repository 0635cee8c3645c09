import { z } from 'zod';
import type { CrudResource } from '../../platform/crud/resource.ts';
import { requiredText } from '../../platform/http/fields.ts';
import { reportMessages as m } from './messages.ts';
import { checkDatasets } from './service.ts';
import { reportTemplate } from './template.ts';

export const REPORT_READ = 'report_list';
export const REPORT_VIEW = 'report_list_view';
export const REPORT_DESIGN = 'report_list_design';

export const reportFileInput = z.object({
  name: requiredText(m['report.name.required'], 100),
  template: reportTemplate,
});

/**
 * A tenant's stored reports (`blade_report_file`, the original's ReportFileEntity). The template is
 * written through the CRUD routes but never answered by them: lists stay small, and `detail` (routes.ts)
 * answers it parsed.
 */
export const reportFileResource: CrudResource = {
  table: 'blade_report_file',
  tenantScoped: true,
  fields: {
    name: { column: 'name', kind: 'text' },
    template: { column: 'content', kind: 'text', writeOnly: true },
  },
  filterStyle: 'map',
  defaultOrder: [
    { field: 'updateTime', direction: 'desc' },
    { field: 'id', direction: 'desc' },
  ],
  input: reportFileInput,
  unique: [{ fields: ['name'], index: 'blade_report_file_name', message: m['report.name.exists'] }],
  permissions: { read: REPORT_READ, add: 'report_list_add', edit: REPORT_DESIGN, remove: 'report_list_delete' },
  hooks: {
    // Before the transaction: the SQL checks parse (wasm), and a refusal opens nothing.
    async prepare(request, values) {
      if (!values.template) return {};
      await checkDatasets(request.server, request.ctx.caller!, values.template as z.infer<typeof reportTemplate>);
      return { template: JSON.stringify(values.template) };
    },
  },
};
