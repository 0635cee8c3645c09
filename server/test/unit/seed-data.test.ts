import { describe, expect, it } from 'vitest';
import { BUSINESS_DICTS, type DictSeed, SYSTEM_DICTS } from '../../src/seed/dict-data.ts';
import { MENU_TREE, type MenuSeed } from '../../src/seed/menu-data.ts';

interface Row {
  node: MenuSeed;
  parent: MenuSeed | undefined;
}

function flatten(nodes: readonly MenuSeed[], parent?: MenuSeed): Row[] {
  return nodes.flatMap((node) => [{ node, parent }, ...flatten(node.children ?? [], node)]);
}

const rows = flatten(MENU_TREE);
const byCode = new Map(rows.map((row) => [row.node.code, row]));

function childCodes(code: string): string[] {
  return (byCode.get(code)?.node.children ?? []).map((child) => child.code);
}

describe('menu seed', () => {
  it('has unique snowflake-shaped ids', () => {
    const ids = rows.map((row) => row.node.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{18}$/);
  });

  it('has unique codes', () => {
    const codes = rows.map((row) => row.node.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('hangs every button under a menu, and buttons have no children', () => {
    for (const { node, parent } of rows) {
      if (node.category !== 2) continue;
      expect(parent?.category, node.code).toBe(1);
      expect(node.children ?? [], node.code).toHaveLength(0);
      expect(node.action, node.code).toBeGreaterThan(0);
    }
  });

  it('gives every menu a route path starting with / and action 0', () => {
    for (const { node } of rows) {
      if (node.category !== 1) continue;
      expect(node.path, node.code).toMatch(/^\//);
      expect(node.action, node.code).toBe(0);
      expect(node.alias, node.code).toBe('menu');
    }
  });

  it('keeps no entry pointing at an external service of the original', () => {
    for (const { node } of rows) expect(node.path ?? '', node.code).not.toMatch(/^http/);
    for (const code of ['doc', 'admin', 'elk', 'zipkin', 'turbine', 'sentinel', 'es', 'xxljob', 'form', 'crud']) {
      expect(byCode.has(code), code).toBe(false);
    }
    expect(byCode.has('report_setting')).toBe(false);
    expect(byCode.has('report_notice')).toBe(false);
  });

  it('sorts every level by sort', () => {
    const check = (nodes: readonly MenuSeed[]) => {
      const sorts = nodes.map((node) => node.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      for (const node of nodes) check(node.children ?? []);
    };
    check(MENU_TREE);
  });

  it('keeps the BladeX ids and fixes the code generator delete path', () => {
    expect(byCode.get('user')?.node.id).toBe('1123598815738675204');
    expect(byCode.get('user_delete')?.node.path).toBe('/api/blade-user/remove');
    expect(byCode.get('code_delete')?.node.path).toBe('/api/blade-develop/code/remove');
  });

  it('puts the warehouse root under the top level with its screens', () => {
    const warehouse = MENU_TREE.find((node) => node.code === 'warehouse');
    expect(warehouse).toMatchObject({ name: '仓储管理', path: '/warehouse', category: 1, sort: 7 });
    expect(childCodes('warehouse')).toEqual([
      'device',
      'materialstype',
      'materialscode',
      'provider',
      'materials',
      'refuel',
      'delivery',
      'warrant',
      'faceimg',
      'warehouse_notice',
      'warehouse_report',
    ]);
  });

  it('gives each warehouse CRUD screen add, edit, delete and view, the delete on the API remove path', () => {
    const crud: [code: string, api: string][] = [
      ['device', '/api/blade-warehouse/device'],
      ['materialstype', '/api/warehouse/materialstype'],
      ['materialscode', '/api/warehouse/materialscode'],
      ['provider', '/api/warehouse/provider'],
      ['refuel', '/api/warehouse/refuel'],
      ['delivery', '/api/warehouse/delivery'],
      ['warrant', '/api/warehouse/warrant'],
      ['faceimg', '/api/warehouse/faceimg'],
      ['warehouse_notice', '/api/warehouse/notice'],
    ];
    for (const [code, api] of crud) {
      const buttons = childCodes(code);
      for (const suffix of ['add', 'edit', 'delete', 'view']) expect(buttons, code).toContain(`${code}_${suffix}`);
      expect(byCode.get(`${code}_delete`)?.node.path).toBe(`${api}/remove`);
    }
    expect(childCodes('device')).toContain('device_kiosk_key');
    expect(childCodes('materialscode')).toContain('materialscode_qr');
    expect(childCodes('refuel')).toEqual(expect.arrayContaining(['refuel_export', 'refuel_cancel']));
    expect(childCodes('delivery')).toContain('delivery_cancel');
    expect(childCodes('warrant')).toEqual(expect.arrayContaining(['warrant_enable', 'warrant_disable']));
    expect(childCodes('warehouse_notice')).toContain('warehouse_notice_treat');
  });

  it('keeps stock and reports read-only', () => {
    expect(childCodes('materials').sort()).toEqual(['materials_history', 'materials_stocktake', 'materials_view']);
    expect(childCodes('warehouse_report').sort()).toEqual(['warehouse_report_export', 'warehouse_report_view']);
  });

  it('gives every platform CRUD screen add, edit, delete and view', () => {
    const crud = ['notice', 'user', 'dept', 'post', 'dict', 'dictbiz', 'menu', 'topmenu', 'param', 'tenant'];
    for (const code of [...crud, 'client', 'role', 'code', 'datasource', 'oss', 'sms']) {
      const buttons = childCodes(code);
      for (const suffix of ['add', 'edit', 'delete', 'view']) expect(buttons, code).toContain(`${code}_${suffix}`);
    }
  });

  it('has the special actions of the spec', () => {
    const expected = [
      'user_role',
      'user_reset',
      'user_platform',
      'user_unlock',
      'role_grant',
      'topmenu_setting',
      'tenant_setting',
      'tenant_datasource',
      'tenant_package',
      'oss_enable',
      'sms_enable',
      'sms_send',
      'data_scope_setting',
      'api_scope_setting',
      'flow_deploy_upload',
      'flow_manager_state',
      'flow_follow_delete',
      'work_claim_sign',
      'work_todo_handle',
    ];
    for (const code of expected) expect(byCode.get(code)?.node.category, code).toBe(2);
  });

  it('has a tenant-package screen under system with add, edit and delete and no view', () => {
    const row = byCode.get('tenantpackage');
    expect(row?.parent?.code).toBe('system');
    expect(row?.node.path).toBe('/system/tenantpackage');
    expect(childCodes('tenantpackage').sort()).toEqual([
      'tenantpackage_add',
      'tenantpackage_delete',
      'tenantpackage_edit',
    ]);
    expect(byCode.has('tenantpackage_view')).toBe(false);
  });
});

describe('dictionary seed', () => {
  const check = (dicts: readonly DictSeed[]) => {
    const codes = dicts.map((dict) => dict.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const dict of dicts) {
      expect(dict.items.length, dict.code).toBeGreaterThan(0);
      const keys = dict.items.map((item) => item.key);
      expect(new Set(keys).size, dict.code).toBe(keys.length);
      // '-1' is the key of the parent row.
      expect(keys, dict.code).not.toContain('-1');
    }
  };

  it('has unique system dictionary codes and keys', () => {
    check(SYSTEM_DICTS);
    expect(SYSTEM_DICTS.map((dict) => dict.code)).toEqual(
      expect.arrayContaining([
        'sex',
        'notice',
        'menu_category',
        'button_func',
        'yes_no',
        'flow',
        'org_category',
        'data_scope_type',
        'api_scope_type',
        'scope_category',
        'oss',
        'sms',
        'post_category',
        'region',
        'user_type',
      ]),
    );
  });

  it('has unique business dictionary codes and keys', () => {
    check(BUSINESS_DICTS);
    expect(BUSINESS_DICTS.map((dict) => dict.code)).toEqual(['material_unit', 'device_type', 'notice_type']);
  });

  it('keeps the values the code relies on', () => {
    const value = (dicts: readonly DictSeed[], code: string, key: string) =>
      dicts.find((dict) => dict.code === code)?.items.find((item) => item.key === key)?.value;
    expect(value(SYSTEM_DICTS, 'yes_no', '2')).toBe('是');
    expect(value(SYSTEM_DICTS, 'data_scope_type', '5')).toBe('自定义');
    expect(value(SYSTEM_DICTS, 'flow', '1')).toBe('请假流程');
    expect(value(BUSINESS_DICTS, 'device_type', 'kiosk')).toBe('终端');
    expect(value(BUSINESS_DICTS, 'notice_type', 'low_stock')).toBe('库存不足');
  });
});
