import { type Envelope, http } from './http.ts';

/**
 * The report designer's calls (`/api/blade-report/report/rest/*`) and the shapes they carry, as the
 * contract between server and client says (docs/report-designer.md). The list is read by the
 * CRUD mechanism through `REPORT`.
 */
export const REPORT = '/blade-report/report/rest';

export type CellStyle = {
  bold?: boolean;
  italic?: boolean;
  align?: 'left' | 'center' | 'right';
  color?: string;
  background?: string;
  fontSize?: number;
  border?: boolean;
};
export type Aggregate = 'list' | 'group' | 'sum' | 'count' | 'avg' | 'max' | 'min';
export type CellBind = { dataset: string; field: string; expand: 'down' | 'none'; aggregate: Aggregate };
export type TemplateCell = {
  row: number;
  col: number;
  text?: string;
  bind?: CellBind;
  format?: string;
  style?: CellStyle;
};
export type Merge = { row: number; col: number; rowSpan: number; colSpan: number };
export type Dataset = { name: string; kind: 'builtin'; builtin: string } | { name: string; kind: 'sql'; sql: string };
export type ParamType = 'date' | 'number' | 'text';
export type ReportParam = { name: string; label: string; type: ParamType; required: boolean; default?: string };
export type TemplateSheet = {
  rows: number;
  cols: number;
  cells: TemplateCell[];
  merges: Merge[];
  colWidths?: number[];
};
export type ReportTemplate = { version: 1; sheet: TemplateSheet; datasets: Dataset[]; params: ReportParam[] };

/** A preview's answer, also what the exports draw: only the non-empty cells. */
export type RenderedGrid = {
  rows: number;
  cols: number;
  cells: { row: number; col: number; text: string; style?: CellStyle; numeric?: boolean }[];
  merges: Merge[];
  colWidths: number[];
  truncated: boolean;
};

export type FieldType = 'text' | 'number' | 'date';
export type Builtin = {
  key: string;
  label: string;
  fields: { name: string; type: FieldType; label: string }[];
  params: ReportParam[];
};
export type DatasetChoice = { builtins: Builtin[]; sqlAllowed: boolean };
export type StoredReport = { id: string; name: string; template: ReportTemplate };

/** Numbers and number formats a cell may carry (the server's list). */
export const FORMATS = ['0', '0.00', '#,##0.00', '0%', 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm'] as const;
export const AGGREGATES: readonly Aggregate[] = ['list', 'group', 'sum', 'count', 'avg', 'max', 'min'];
/** Dataset, parameter and field names. */
export const NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;

const data = <T>(answer: Envelope<T>) => answer.data;
const post = <T>(path: string, body?: unknown, params?: Record<string, unknown>) =>
  http<Envelope<T>>({ url: `${REPORT}/${path}`, method: 'POST', data: body, params }).then(data);

export const reportDetail = (id: string) =>
  http<Envelope<StoredReport>>({ url: `${REPORT}/detail`, params: { id } }).then(data);

export const submitReport = (report: { id?: string; name: string; template: ReportTemplate }) =>
  post<{ id: string }>('submit', report);

export const copyReport = (id: string) => post<{ id: string }>('copy', undefined, { id });

export const reportDatasets = () => http<Envelope<DatasetChoice>>({ url: `${REPORT}/datasets` }).then(data);

export const datasetFields = (dataset: Dataset) =>
  post<{ fields: { name: string; type: FieldType }[] }>('fields', { dataset }).then((d) => d.fields);

/** Renders a stored report (`id`) or one being designed (`template`) with the parameters' values. */
export const previewReport = (by: { id: string } | { template: ReportTemplate }, params: Record<string, string>) =>
  post<RenderedGrid>('preview', { ...by, params });

/** A stored report rendered as a file, through the one client (its token, its error messages). */
export const exportReport = (id: string, format: 'xlsx' | 'pdf', params: Record<string, string>) =>
  http<Blob>({ url: `${REPORT}/export`, params: { id, format, params: JSON.stringify(params) }, responseType: 'blob' });
