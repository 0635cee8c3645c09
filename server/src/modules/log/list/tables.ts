import type { FieldKind } from '../../../platform/http/query.ts';

/** A column of a log table as the API names it. */
export interface LogField {
  column: string;
  kind: FieldKind;
  /** In the list's rows; the detail has every field. Long texts (params, stacks) are detail only. */
  list?: boolean;
  /** May be a list filter. Default true (long texts are not: a contains search would read them all). */
  filter?: boolean;
  /**
   * "Contains" goes through the column's distinct values (`createValuesSearch`, migration 0025): a
   * column of few values among many rows, which the screens search.
   */
  values?: boolean;
}

/** One log screen's table: what its list and detail answer, and who may read it. */
export interface LogTable {
  table: string;
  /** Permission codes (the menu's and its view button's), any one of which reads it. */
  read: readonly string[];
  fields: Record<string, LogField>;
}

const text = (column: string, list = true): LogField => ({ column, kind: 'text', list });

/** The columns every blade_log_* row shares (BladeX's LogAbstract): where, who, what call. */
const REQUEST_FIELDS: Record<string, LogField> = {
  id: { column: 'id', kind: 'id', list: true },
  tenantId: text('tenant_id'),
  serviceId: text('service_id'),
  serverHost: text('server_host'),
  serverIp: text('server_ip'),
  env: text('env'),
  method: text('method'),
  requestUri: { ...text('request_uri'), values: true },
  userAgent: text('user_agent', false),
  remoteIp: text('remote_ip'),
  methodClass: text('method_class', false),
  methodName: text('method_name', false),
  params: { column: 'params', kind: 'text', list: false, filter: false },
  createBy: text('create_by'),
  createUser: { column: 'create_user', kind: 'id', list: true },
  createTime: { column: 'create_time', kind: 'date', list: true },
};

export const API_LOG: LogTable = {
  table: 'blade_log_api',
  read: ['log_api', 'log_api_view'],
  fields: {
    ...REQUEST_FIELDS,
    type: text('type'),
    title: text('title'),
    time: text('time'),
    statusCode: { column: 'status_code', kind: 'int', list: true },
  },
};

export const ERROR_LOG: LogTable = {
  table: 'blade_log_error',
  read: ['log_error', 'log_error_view'],
  fields: {
    ...REQUEST_FIELDS,
    exceptionName: text('exception_name'),
    message: text('message'),
    fileName: text('file_name'),
    lineNumber: { column: 'line_number', kind: 'int', list: true },
    stackTrace: { column: 'stack_trace', kind: 'text', list: false, filter: false },
  },
};

export const USUAL_LOG: LogTable = {
  table: 'blade_log_usual',
  read: ['log_usual', 'log_usual_view'],
  fields: {
    ...REQUEST_FIELDS,
    logLevel: text('log_level'),
    logId: text('log_id'),
    logData: { column: 'log_data', kind: 'text', list: false, filter: false },
  },
};

/** Every grant attempt (beyond BladeX): who tried, from where, and how it ended. */
export const LOGIN_LOG: LogTable = {
  table: 'blade_log_login',
  read: ['log_login', 'log_login_view'],
  fields: {
    id: { column: 'id', kind: 'id', list: true },
    tenantId: text('tenant_id'),
    loginTenant: text('login_tenant'),
    account: { ...text('account'), values: true },
    userId: { column: 'user_id', kind: 'id', list: true },
    clientId: text('client_id'),
    grantType: text('grant_type'),
    result: text('result'),
    message: text('message'),
    remoteIp: text('remote_ip'),
    userAgent: text('user_agent'),
    serverHost: text('server_host', false),
    createTime: { column: 'create_time', kind: 'date', list: true },
  },
};

/** The log screens by their path under /api/blade-log. */
export const LOG_TABLES = { api: API_LOG, error: ERROR_LOG, usual: USUAL_LOG, login: LOGIN_LOG } as const;
