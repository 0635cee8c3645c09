import { z } from 'zod';
import { optional } from '../../platform/http/fields.ts';
import { idSchema } from '../../platform/http/ids.ts';
import { cellStyle, dataset, merge, reportParam, reportTemplate } from './template.ts';

const fieldType = z.enum(['text', 'number', 'date']);
const paramValues = z.record(z.string().max(63), z.string().max(200)).describe('parameter values by name');

export const reportAnswer = z.object({ id: z.string(), name: z.string(), template: reportTemplate });

export const idAnswer = z.object({ id: z.string() });

export const datasetsAnswer = z.object({
  builtins: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      fields: z.array(z.object({ name: z.string(), type: fieldType, label: z.string() })),
      params: z.array(reportParam),
    }),
  ),
  sqlAllowed: z.boolean().describe('whether the caller may write SQL datasets (and the database runs them)'),
});

export const fieldsBody = z.object({ dataset });
export const fieldsAnswer = z.object({ fields: z.array(z.object({ name: z.string(), type: fieldType })) });

export const previewBody = z.object({
  id: optional(idSchema).describe('a stored report'),
  template: optional(reportTemplate).describe('a template being designed (instead of id)'),
  params: paramValues.default({}),
});

export const renderedGrid = z.object({
  rows: z.number().int(),
  cols: z.number().int(),
  cells: z.array(
    z.object({
      row: z.number().int(),
      col: z.number().int(),
      text: z.string(),
      style: cellStyle.optional(),
      numeric: z.boolean().optional(),
    }),
  ),
  merges: z.array(merge),
  colWidths: z.array(z.number()),
  truncated: z.boolean(),
});

export const exportQuery = z.object({
  id: idSchema,
  format: z.enum(['xlsx', 'pdf']),
  params: z.string().max(10_000).optional().describe('the parameter values as a JSON object of text'),
});
