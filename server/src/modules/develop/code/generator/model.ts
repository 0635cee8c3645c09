import { badRequest } from '../../../../platform/http/errors.ts';
import { codeMessages as m } from '../messages.ts';
import type { SourceColumn } from '../schema.ts';
import { API_PATH, camel, checkIdentifier, humane, kebab, pascal, SERVICE_NAME, WEB_PATH } from './names.ts';

/** The columns every table of the CRUD factory carries (platform/crud/resource.ts AUDIT_FIELDS). */
const AUDIT = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

export type Kind = 'text' | 'int' | 'number' | 'id' | 'date';

/** One column as the generated code handles it. */
export interface Field {
  column: string;
  name: string;
  kind: Kind;
  /** The column's own SQL type, for the migration. */
  sqlType: string;
  required: boolean;
  /** Text: the most characters; a decimal: digits before and after the point. */
  max: number;
  scale: number;
  /** The column's comment, else its name in words; in English the comment only when it is ASCII. */
  labelZh: string;
  labelEn: string;
}

/** What a generator record says, checked. */
export interface CodeSpec {
  codeName: string;
  serviceName: string;
  tableName: string;
  tablePrefix?: string | null;
  packageName: string;
  apiPath?: string | null;
  webPath?: string | null;
}

/** Everything the templates need, every name in it an identifier. */
export interface Model {
  table: string;
  title: string;
  tenantScoped: boolean;
  /** The entity's snake name (the table without its prefix), and its other spellings. */
  snake: string;
  camel: string;
  pascal: string;
  kebab: string;
  module: string;
  apiPath: string;
  webPath: string;
  fields: Field[];
}

const TEXT_LIMIT = 2000;
const LABEL_MAX = 40;

function kindOf(column: SourceColumn): { kind: Kind; sqlType: string; max: number; scale: number } {
  const length = column.maxLength ?? TEXT_LIMIT;
  switch (column.dataType) {
    case 'character varying':
    case 'character':
      return { kind: 'text', sqlType: `varchar(${length})`, max: length, scale: 0 };
    case 'text':
      return { kind: 'text', sqlType: 'text', max: TEXT_LIMIT, scale: 0 };
    case 'smallint':
    case 'integer':
      return { kind: 'int', sqlType: 'int', max: 0, scale: 0 };
    case 'bigint':
      return { kind: 'id', sqlType: 'bigint', max: 0, scale: 0 };
    case 'numeric': {
      const precision = column.numericPrecision ?? 18;
      const scale = column.numericScale ?? 2;
      return { kind: 'number', sqlType: `numeric(${precision}, ${scale})`, max: precision - scale, scale };
    }
    case 'timestamp without time zone':
    case 'timestamp with time zone':
      return { kind: 'date', sqlType: 'timestamptz', max: 0, scale: 0 };
    default:
      throw badRequest(m['code.column.unsupported'], { column: column.columnName, type: column.dataType });
  }
}

function fieldOf(column: SourceColumn): Field {
  const name = camel(checkIdentifier(column.columnName, column.columnName.slice(0, 63)));
  if (!name) throw badRequest(m['code.identifier.invalid'], { name: column.columnName });
  const { kind, sqlType, max, scale } = kindOf(column);
  const comment = column.comment?.trim();
  return {
    column: column.columnName,
    name,
    kind,
    sqlType,
    // A default is not carried over (it is SQL): a column that takes no null is one the form fills.
    required: !column.nullable,
    max,
    scale,
    labelZh: comment ? comment.slice(0, LABEL_MAX) : humane(column.columnName),
    labelEn: comment && /^[\x20-\x7e]+$/.test(comment) ? comment.slice(0, LABEL_MAX) : humane(column.columnName),
  };
}

/**
 * The model of one generator record over its table's columns. Refuses, with a message saying which,
 * a name that is no identifier, a table without an `id` key, and a column of a type it cannot handle.
 */
export function buildModel(spec: CodeSpec, columns: readonly SourceColumn[]): Model {
  const table = checkIdentifier(spec.tableName, 'tableName');
  const module = checkIdentifier(spec.packageName, 'packageName');
  if (!SERVICE_NAME.test(spec.serviceName)) throw badRequest(m['code.serviceName.invalid']);
  if (spec.apiPath && !API_PATH.test(spec.apiPath)) throw badRequest(m['code.apiPath.invalid']);
  if (spec.webPath && !WEB_PATH.test(spec.webPath)) throw badRequest(m['code.webPath.invalid']);
  const prefix = spec.tablePrefix ?? '';
  const snake = prefix && table.startsWith(prefix) ? table.slice(prefix.length) : table;
  if (!/[a-z]/.test(snake.charAt(0)) || !camel(snake)) throw badRequest(m['code.table.unnamed']);
  if (!columns.some((c) => c.columnName === 'id' && c.dataType === 'bigint'))
    throw badRequest(m['code.pkName.unsupported']);
  const fields = columns.filter((c) => !AUDIT.has(c.columnName)).map(fieldOf);
  if (fields.length === 0) throw badRequest(m['code.column.noFields'], { table });
  const names = new Set(fields.map((f) => f.name));
  if (names.size !== fields.length) throw badRequest(m['code.identifier.invalid'], { name: 'column' });
  return {
    table,
    title: spec.codeName,
    tenantScoped: columns.some((c) => c.columnName === 'tenant_id'),
    snake,
    camel: camel(snake),
    pascal: pascal(snake),
    kebab: kebab(snake),
    module,
    apiPath: spec.apiPath || `/api/${spec.serviceName}/${kebab(snake)}`,
    webPath: spec.webPath || `/${kebab(module)}/${kebab(snake)}`,
    fields,
  };
}
