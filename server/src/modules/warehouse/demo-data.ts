/**
 * What the demo tenant holds, so that a newcomer sees a living warehouse: one site with a store,
 * two smart cabinets and a kiosk; protective gear, tools and consumables; three suppliers; four
 * people with warrants. Stock comes from refuels and leaves by deliveries, as in real use, so the
 * ledger, the balances and the notices all agree.
 */
export const DEMO_DEVICES = [
  { key: 'site', code: 'SITE-01', name: '一号厂区', type: 'site', location: '江苏省苏州市工业园区' },
  { key: 'store', parent: 'site', code: 'WH-01', name: '中心仓库', type: 'warehouse', location: 'A 栋 1 层' },
  { key: 'cab1', parent: 'store', code: 'CAB-01', name: '智能柜 1 号', type: 'cabinet', serialNo: 'SC2025-0001' },
  { key: 'cab2', parent: 'store', code: 'CAB-02', name: '智能柜 2 号', type: 'cabinet', serialNo: 'SC2025-0002' },
  { key: 'kiosk', parent: 'site', code: 'KIOSK-01', name: '领料终端', type: 'kiosk', location: 'A 栋大厅' },
] as const;

export const DEMO_TYPES = [
  { key: 'ppe', code: 'PPE', name: '劳保用品' },
  { key: 'hands', parent: 'ppe', code: 'PPE-HAND', name: '手部防护' },
  { key: 'breath', parent: 'ppe', code: 'PPE-RESP', name: '呼吸防护' },
  { key: 'tools', code: 'TOOL', name: '五金工具' },
  { key: 'consumables', code: 'CONS', name: '生产耗材' },
] as const;

export const DEMO_PROVIDERS = [
  { key: 'safety', code: 'SUP-001', name: '安达劳保用品有限公司', contactName: '王经理', phone: '0512-66880001' },
  { key: 'hardware', code: 'SUP-002', name: '恒通五金机电商行', contactName: '陈先生', phone: '0512-66880002' },
  { key: 'supply', code: 'SUP-003', name: '苏工工业耗材供应中心', contactName: '刘女士', phone: '0512-66880003' },
] as const;

// safetyStock set where the demo's own deliveries take the stock below it, so notices show.
export const DEMO_MATERIALS = [
  { key: 'gloves', type: 'hands', code: 'M-0001', name: '丁腈防护手套', unit: 'pair', price: '3.50', safety: '50' },
  { key: 'cutGloves', type: 'hands', code: 'M-0002', name: '防割手套', unit: 'pair', price: '18.00', safety: '10' },
  { key: 'mask', type: 'breath', code: 'M-0003', name: 'KN95 口罩', unit: 'pcs', price: '2.20', safety: '100' },
  { key: 'drill', type: 'tools', code: 'M-0004', name: '麻花钻头 6mm', unit: 'pcs', price: '6.80', safety: '20' },
  { key: 'tape', type: 'consumables', code: 'M-0005', name: '绝缘胶带', unit: 'roll', price: '4.50', safety: '30' },
  { key: 'oil', type: 'consumables', code: 'M-0006', name: '切削液', unit: 'barrel', price: '260.00', safety: '2' },
] as const;

export const DEMO_PERSONS = [
  { key: 'zhang', name: '张伟', employeeNo: 'E1001', phone: '13800000001' },
  { key: 'li', name: '李娜', employeeNo: 'E1002', phone: '13800000002' },
  { key: 'wang', name: '王强', employeeNo: 'E1003', phone: '13800000003' },
  { key: 'zhao', name: '赵敏', employeeNo: 'E1004', phone: '13800000004' },
] as const;

export const DEMO_WARRANTS = [
  { person: 'zhang', type: 'ppe', device: 'site', perDay: '10', perMonth: '100' },
  { person: 'li', type: 'ppe', device: 'store', perDay: '6', perMonth: '60' },
  { person: 'wang', type: 'tools', device: 'site', perDay: '5', perMonth: '30' },
  { person: 'zhao', material: 'oil', device: 'cab2', perDay: '1', perMonth: '4' },
] as const;

type Line = readonly [material: string, quantity: string, unitPrice?: string];

export const DEMO_REFUELS: readonly { device: string; provider: string; daysAgo: number; lines: readonly Line[] }[] = [
  {
    device: 'cab1',
    provider: 'safety',
    daysAgo: 20,
    lines: [
      ['gloves', '200', '3.20'],
      ['mask', '500', '2.00'],
      ['cutGloves', '30', '17.50'],
    ],
  },
  {
    device: 'cab2',
    provider: 'hardware',
    daysAgo: 15,
    lines: [
      ['drill', '60', '6.50'],
      ['tape', '80', '4.20'],
    ],
  },
  {
    device: 'cab2',
    provider: 'supply',
    daysAgo: 10,
    lines: [
      ['oil', '6', '255.00'],
      ['tape', '40', '4.60'],
    ],
  },
  { device: 'cab1', provider: 'safety', daysAgo: 3, lines: [['gloves', '100', '3.60']] },
];

export const DEMO_DELIVERIES: readonly { device: string; person: string; purpose: string; lines: readonly Line[] }[] = [
  {
    device: 'cab1',
    person: 'zhang',
    purpose: '产线日常领用',
    lines: [
      ['gloves', '60'],
      ['mask', '120'],
    ],
  },
  {
    device: 'cab1',
    person: 'li',
    purpose: '设备检修',
    lines: [
      ['cutGloves', '24'],
      ['gloves', '30'],
    ],
  },
  {
    device: 'cab2',
    person: 'wang',
    purpose: '模具加工',
    lines: [
      ['drill', '45'],
      ['tape', '20'],
    ],
  },
  { device: 'cab2', person: 'zhao', purpose: '机床换液', lines: [['oil', '6']] },
  { device: 'cab1', person: 'zhang', purpose: '新员工入职', lines: [['mask', '300']] },
];
