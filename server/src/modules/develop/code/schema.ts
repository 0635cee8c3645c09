import { z } from 'zod';
import { choice, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { idListSchema, idSchema, isIdOrZero } from '../../../platform/http/ids.ts';
import { API_PATH, IDENTIFIER, SERVICE_NAME, WEB_PATH } from './generator/names.ts';
import { codeMessages as m } from './messages.ts';

/** A name that reaches generated code: lower-case letters, digits and underscores, as PostgreSQL folds them. */
const identifier = (key: string, invalid: string) => requiredText(key, 63).regex(IDENTIFIER, { error: invalid });

/** The datasource: 0 (or empty) is the platform's own database, else a blade_datasource id. */
const datasourceId = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .refine(isIdOrZero, { error: 'error.validation.invalid' })
  .transform((v) => (/^0+$/.test(v) ? '0' : v));

/** A generator record as its form sends it (BladeX Code). */
export const codeInput = z.object({
  datasourceId: optional(datasourceId),
  codeName: requiredText(m['code.codeName.required'], 64),
  serviceName: requiredText(m['code.serviceName.required'], 64).regex(SERVICE_NAME, {
    error: m['code.serviceName.invalid'],
  }),
  tableName: identifier(m['code.tableName.required'], m['code.tableName.invalid']),
  tablePrefix: z
    .string()
    .trim()
    .max(63)
    .regex(/^([a-z_][a-z0-9_]*)?$/, { error: m['code.tablePrefix.invalid'] })
    .nullish(),
  pkName: optional(z.literal('id', { error: m['code.pkName.unsupported'] })),
  packageName: identifier(m['code.packageName.required'], m['code.packageName.invalid']),
  baseMode: optional(choice(1, 2)),
  wrapMode: optional(choice(1, 2)),
  apiPath: optionalText(2000).refine((v) => !v || API_PATH.test(v), { error: m['code.apiPath.invalid'] }),
  webPath: optionalText(2000).refine((v) => !v || WEB_PATH.test(v), { error: m['code.webPath.invalid'] }),
});
export type CodeInput = z.infer<typeof codeInput>;

export const idQuery = z.object({ id: idSchema });

/** The most records one archive takes: each is read from its datasource. */
export const GEN_MAX = 50;

/** `gen-code`: the records to generate, and BladeX's client kind (saber or sword), which changes nothing here. */
export const genCodeQuery = z.object({
  ids: idListSchema.refine((ids) => ids.length <= GEN_MAX, { error: m['code.ids.tooMany'] }),
  system: optional(z.enum(['saber', 'sword'])),
});

export const tablesQuery = z.object({ datasourceId: optional(datasourceId) });
export const columnsQuery = z.object({
  datasourceId: optional(datasourceId),
  tableName: identifier(m['code.tableName.required'], m['code.tableName.invalid']),
});

/** A generated file as the preview answers it. */
export const generatedFileSchema = z.object({ filePath: z.string(), code: z.string() });
/** A table of a datasource, with its comment. */
export const tableSchema = z.object({ tableName: z.string(), comment: z.string().nullable() });
export const columnSchema = z.object({
  columnName: z.string(),
  dataType: z.string(),
  nullable: z.boolean(),
  maxLength: z.number().int().nullable(),
  numericPrecision: z.number().int().nullable(),
  numericScale: z.number().int().nullable(),
  hasDefault: z.boolean(),
  comment: z.string().nullable(),
});
export type SourceColumn = z.infer<typeof columnSchema>;
