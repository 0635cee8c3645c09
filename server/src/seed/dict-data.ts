/**
 * The dictionaries seeded on the first start.
 *
 * SYSTEM_DICTS go to blade_dict (no tenant): BladeX's seed, codes, names, keys, values and sorts as the original
 * has them, plus sex '3' 未知 (the original has only 男 and 女). Each dictionary becomes a parent row (dict_key
 * '-1', parent_id 0, dict_value = `name`) and one child row per item (same code). `remark` is kept where the
 * original has one: the flow dictionary's remark names the process form route of the category (`flow_1` -> 'leave').
 *
 * BUSINESS_DICTS go to blade_dict_biz for tenant 000000 and are copied to every new tenant (facts §6).
 */
export interface DictItemSeed {
  key: string;
  value: string;
  sort: number;
  remark?: string;
}

export interface DictSeed {
  /** e.g. 'sex' */
  code: string;
  /** The parent's dict_value, Chinese, e.g. '性别'. */
  name: string;
  sort: number;
  items: readonly DictItemSeed[];
}

/** blade_dict */
export const SYSTEM_DICTS: readonly DictSeed[] = [
  {
    code: 'sex',
    name: '性别',
    sort: 1,
    items: [
      { key: '1', value: '男', sort: 1 },
      { key: '2', value: '女', sort: 2 },
      { key: '3', value: '未知', sort: 3 },
    ],
  },
  {
    code: 'notice',
    name: '通知类型',
    sort: 2,
    items: [
      { key: '1', value: '发布通知', sort: 1 },
      { key: '2', value: '批转通知', sort: 2 },
      { key: '3', value: '转发通知', sort: 3 },
      { key: '4', value: '指示通知', sort: 4 },
      { key: '5', value: '任免通知', sort: 5 },
      { key: '6', value: '事务通知', sort: 6 },
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    sort: 3,
    items: [
      { key: '1', value: '菜单', sort: 1 },
      { key: '2', value: '按钮', sort: 2 },
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    sort: 4,
    items: [
      { key: '1', value: '工具栏', sort: 1 },
      { key: '2', value: '操作栏', sort: 2 },
      { key: '3', value: '工具操作栏', sort: 3 },
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    sort: 5,
    items: [
      { key: '1', value: '否', sort: 1 },
      { key: '2', value: '是', sort: 2 },
    ],
  },
  {
    code: 'flow',
    name: '流程类型',
    sort: 5,
    items: [
      { key: '1', value: '请假流程', sort: 1, remark: 'leave' },
      { key: '2', value: '报销流程', sort: 2, remark: 'expense' },
    ],
  },
  {
    code: 'oss',
    name: '对象存储类型',
    sort: 6,
    items: [
      { key: '1', value: 'minio', sort: 1 },
      { key: '2', value: '七牛云', sort: 2 },
      { key: '3', value: '阿里云', sort: 3 },
      { key: '4', value: '腾讯云', sort: 4 },
      { key: '5', value: '本地磁盘', sort: 5 },
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    sort: 7,
    items: [
      { key: '1', value: '公司', sort: 1 },
      { key: '2', value: '部门', sort: 2 },
      { key: '3', value: '小组', sort: 3 },
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    sort: 8,
    items: [
      { key: '1', value: '全部可见', sort: 1 },
      { key: '2', value: '本人可见', sort: 2 },
      { key: '3', value: '所在机构可见', sort: 3 },
      { key: '4', value: '所在机构及子级可见', sort: 4 },
      { key: '5', value: '自定义', sort: 5 },
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    sort: 10,
    items: [
      { key: '1', value: '系统接口', sort: 1 },
      { key: '2', value: '业务接口', sort: 2 },
    ],
  },
  {
    code: 'scope_category',
    name: '权限类型',
    sort: 10,
    items: [
      { key: '1', value: '数据权限', sort: 1 },
      { key: '2', value: '接口权限', sort: 2 },
    ],
  },
  {
    code: 'sms',
    name: '短信服务类型',
    sort: 11,
    items: [
      { key: '1', value: '云片', sort: 1 },
      { key: '2', value: '七牛云', sort: 2 },
      { key: '3', value: '阿里云', sort: 3 },
      { key: '4', value: '腾讯云', sort: 4 },
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    sort: 12,
    items: [
      { key: '1', value: '高层', sort: 1 },
      { key: '2', value: '中层', sort: 2 },
      { key: '3', value: '基层', sort: 3 },
      { key: '4', value: '其他', sort: 4 },
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    sort: 13,
    items: [
      { key: '0', value: '国家', sort: 0 },
      { key: '1', value: '省份/直辖市', sort: 1 },
      { key: '2', value: '地市', sort: 2 },
      { key: '3', value: '区县', sort: 3 },
      { key: '4', value: '乡镇', sort: 4 },
      { key: '5', value: '村委', sort: 5 },
    ],
  },
  {
    code: 'user_type',
    name: '用户平台',
    sort: 14,
    items: [
      { key: '1', value: 'WEB', sort: 1 },
      { key: '2', value: 'APP', sort: 2 },
      { key: '3', value: 'OTHER', sort: 3 },
    ],
  },
];

/** blade_dict_biz: seeded for tenant 000000 and copied to every new tenant. */
export const BUSINESS_DICTS: readonly DictSeed[] = [
  {
    code: 'material_unit',
    name: '物资单位',
    sort: 1,
    items: [
      { key: 'pcs', value: '个', sort: 1 },
      { key: 'item', value: '件', sort: 2 },
      { key: 'box', value: '箱', sort: 3 },
      { key: 'pack', value: '包', sort: 4 },
      { key: 'case', value: '盒', sort: 5 },
      { key: 'bottle', value: '瓶', sort: 6 },
      { key: 'barrel', value: '桶', sort: 7 },
      { key: 'roll', value: '卷', sort: 8 },
      { key: 'm', value: '米', sort: 9 },
      { key: 'kg', value: '千克', sort: 10 },
      { key: 'l', value: '升', sort: 11 },
      { key: 'set', value: '套', sort: 12 },
      { key: 'pair', value: '双', sort: 13 },
      { key: 'each', value: '副', sort: 14 },
    ],
  },
  {
    code: 'device_type',
    name: '设备类型',
    sort: 2,
    items: [
      { key: 'site', value: '站点', sort: 1 },
      { key: 'warehouse', value: '仓库', sort: 2 },
      { key: 'cabinet', value: '智能柜', sort: 3 },
      { key: 'slot', value: '货道', sort: 4 },
      { key: 'kiosk', value: '终端', sort: 5 },
    ],
  },
  {
    code: 'notice_type',
    name: '通知类型',
    sort: 3,
    items: [
      { key: 'low_stock', value: '库存不足', sort: 1 },
      { key: 'out_of_stock', value: '缺货', sort: 2 },
      { key: 'abnormal_outbound', value: '异常出库', sort: 3 },
      { key: 'device_offline', value: '设备离线', sort: 4 },
    ],
  },
];
