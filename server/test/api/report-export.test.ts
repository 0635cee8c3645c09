import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_VALUE_REPORT, stockValueTemplate } from '../../src/modules/report/seed.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { DEMO_TENANT_ID } from '../../src/seed/demo-seed.ts';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { seedReportDesigner } from '../../src/seed/report-seed.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { reportApi } from '../support/report.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { warehouseApi } from '../support/warehouse.ts';

let t: TestApp;
let api: ReturnType<typeof reportApi>;
let id: string;
const PERIOD = encodeURIComponent(JSON.stringify({ from: '2000-01-01', to: '2099-12-31' }));

beforeAll(async () => {
  t = await createTestApp();
  api = reportApi(t);
  const wh = warehouseApi(t);
  const device = await wh.device();
  const type = await wh.type({ name: '手套' });
  const gloves = await wh.material({ name: 'Gloves', typeId: type.id });
  await wh.refuel(device.id, [{ materialCodeId: gloves.id, quantity: 3, unitPrice: 1234.5 }]);
  const res = await api.post('submit', { name: STOCK_VALUE_REPORT, template: stockValueTemplate() });
  id = res.json().data.id;
});
afterAll(() => t.close());

/** The text of every stream of a PDF, inflated where it is compressed (fonts' Unicode maps among them). */
function pdfStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    try {
      out.push(inflateSync(bytes).toString('latin1'));
    } catch {
      out.push(match[1]!);
    }
  }
  return out.join('\n');
}

describe('GET /api/blade-report/report/rest/export', () => {
  it('answers the rendered report as a workbook with its cells, numbers, styles and merges', async () => {
    const res = await api.get(`export?id=${id}&format=xlsx&params=${PERIOD}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`${STOCK_VALUE_REPORT}.xlsx`)}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe(STOCK_VALUE_REPORT);
    expect(sheet.getCell('A2').value).toBe('期间：2000-01-01 至 2099-12-31');
    expect(sheet.getCell('A3').value).toBe('物料类型');
    expect(sheet.getCell('A4').value).toBe('手套');
    expect(sheet.getCell('B4').value).toBe(1);
    expect(sheet.getCell('E4').value).toBe(3);
    expect(sheet.getCell('F4').value).toBe('3,703.50');
    expect(sheet.getCell('A5').value).toBe('合计');
    expect(sheet.model.merges).toEqual(expect.arrayContaining(['A1:F1', 'A2:F2']));
    // the cells' styles: the title, the headers' bold on grey with borders, numbers as they were
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, size: 16 });
    expect(sheet.getCell('A1').alignment).toMatchObject({ horizontal: 'center' });
    expect(sheet.getCell('A3').font).toMatchObject({ bold: true });
    expect(sheet.getCell('A3').fill).toMatchObject({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFF0F0F0' },
    });
    expect(sheet.getCell('A3').border).toMatchObject({ left: { style: 'thin' }, bottom: { style: 'thin' } });
    expect(sheet.getCell('E4').border).toMatchObject({ top: { style: 'thin' } });
    expect(sheet.getCell('E4').font?.bold).toBeFalsy();
  });

  it('answers it as a PDF with the Chinese text in an embedded font', async () => {
    const res = await api.get(`export?id=${id}&format=pdf&params=${PERIOD}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const streams = pdfStreams(pdf);
    expect(pdf.toString('latin1')).toContain('NotoSansSC');
    // the font's map from glyphs to Unicode holds 库 (U+5E93) and 套 (U+5957): the text can be read back
    expect(streams.toLowerCase()).toContain('<5e93>');
    expect(streams.toLowerCase()).toContain('<5957>');
  });

  it('refuses parameters that are not a JSON object, or not of their type, naming the parameter', async () => {
    const notJson = await api.get(`export?id=${id}&format=xlsx&params=${encodeURIComponent('{from')}`);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().msg).toBe('The parameters must be a JSON object of text values');
    const badDate = await api.get(`export?id=${id}&format=pdf&params=${encodeURIComponent('{"from":"x"}')}`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().msg).toBe('The parameter "开始日期" must be a date written yyyy-MM-dd');
  });
});

describe('the seed step of the report designer', () => {
  it('gives each warehouse tenant the stock value report once, and the new buttons to roles holding the list', async () => {
    await createTenant(t.database.db, '400040');
    const roleId = await createRole(t.database.db, '400040', 'reports', ['report_list']);
    const adminRole = await createRole(t.database.db, '400040', 'admin');
    await createUser(t.database.db, '400040', 'admin', 'secret-1', { roleIds: [roleId, adminRole] });
    await sql`insert into wh_material_type (id, tenant_id, code, name) values (${nextId()}, '400040', 'T', 'T')`.execute(
      t.database.db,
    );
    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.all_tenants', 'on', true)`.execute(trx);
        await seedReportDesigner(trx);
      });
    }
    const reports = await sql<{ name: string; content: unknown }>`
      select name, content from blade_report_file where tenant_id = '400040' and is_deleted = 0`.execute(t.database.db);
    expect(reports.rows.map((r) => r.name)).toEqual([STOCK_VALUE_REPORT]);
    const codes = await sql<{ code: string }>`
      select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
      where rm.role_id = ${roleId} order by m.code`.execute(t.database.db);
    expect(codes.rows.map((r) => r.code)).toEqual([
      'report_list',
      'report_list_add',
      'report_list_copy',
      'report_list_design',
      'report_list_view',
    ]);
    // the tenant's administrators may open it: the list and its buttons, but SQL stays the platform's
    const admins = await sql<{ code: string }>`
      select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
      where rm.role_id = ${adminRole} order by m.code`.execute(t.database.db);
    expect(admins.rows.map((r) => r.code)).toEqual([
      'report',
      'report_list',
      'report_list_add',
      'report_list_copy',
      'report_list_delete',
      'report_list_design',
      'report_list_view',
    ]);
  });

  it('gives the demo tenant its report and its administrator the means to open it, also when made later', async () => {
    await seedPlatform(t.database.db, 'admin-password', { demo: true });
    const { rows } = await sql<{ id: string; userId: string; roleId: string }>`
      select f.id, u.id as "userId", r.id as "roleId" from blade_report_file f
      join blade_user u on u.tenant_id = f.tenant_id and u.account = 'admin'
      join blade_role r on r.tenant_id = f.tenant_id and r.role_alias = 'admin'
      where f.tenant_id = ${DEMO_TENANT_ID} and f.is_deleted = 0`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const { id: reportId, userId, roleId } = rows[0]!;
    const admin = await t.authFor({
      tenantId: DEMO_TENANT_ID,
      userId,
      account: 'admin',
      roleIds: [roleId],
      roleAliases: ['admin'],
      deptIds: [],
      postIds: [],
      clientId: 'saber',
    });
    const res = await api.post('preview', { id: reportId, params: {} }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const texts = res.json().data.cells.map((c: { text: string }) => c.text);
    expect(texts).toContain('合计');
    expect(texts.length).toBeGreaterThan(20);
  });
});
