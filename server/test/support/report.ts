import type { ReportTemplate } from '../../src/modules/report/template.ts';
import type { TestApp } from './test-app.ts';

export const REPORT = '/api/blade-report/report/rest';

/** A small valid template: a title with a parameter, one band over the materials, and a total. */
export function materialsTemplate(extra: Partial<ReportTemplate> = {}): ReportTemplate {
  return {
    version: 1,
    sheet: {
      rows: 3,
      cols: 2,
      cells: [
        { row: 0, col: 0, text: `Stock \${title}`, style: { bold: true } },
        { row: 1, col: 0, bind: { dataset: 'm', field: 'name', expand: 'down', aggregate: 'list' } },
        { row: 1, col: 1, bind: { dataset: 'm', field: 'stock', expand: 'down', aggregate: 'list' }, format: '0.00' },
        { row: 2, col: 1, bind: { dataset: 'm', field: 'stock', expand: 'none', aggregate: 'sum' }, format: '0.00' },
      ],
      merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 2 }],
    },
    datasets: [{ name: 'm', kind: 'builtin', builtin: 'materials' }],
    params: [{ name: 'title', label: 'Title', type: 'text', required: false }],
    ...extra,
  };
}

/** The report API called as someone (headers), in English unless told. */
export function reportApi(t: TestApp) {
  const en = { 'accept-language': 'en-US' };
  return {
    get: (path: string, headers = t.auth()) =>
      t.app.inject({ url: `${REPORT}/${path}`, headers: { ...en, ...headers } }),
    post: (path: string, payload?: object, headers = t.auth()) =>
      t.app.inject({ method: 'POST', url: `${REPORT}/${path}`, headers: { ...en, ...headers }, payload }),
  };
}
