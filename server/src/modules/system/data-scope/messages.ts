import { defineMessages } from '../../../platform/i18n/i18n.ts';

// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a custom rule holds, shown as it is written
const USER_ID = '${userId}';
const EXAMPLE = `{"status_equal": "1", "createUser_equal": "${USER_ID}"}`;

export const dataScopeMessages = defineMessages({
  'dataScope.menuId.required': { 'zh-CN': '请选择所属菜单', 'en-US': 'Please select a menu' },
  'dataScope.menuId.missing': { 'zh-CN': '所选菜单不存在', 'en-US': 'The selected menu does not exist' },
  'dataScope.resourceCode.required': { 'zh-CN': '请输入资源编号', 'en-US': 'Please enter resource code' },
  'dataScope.scopeName.required': { 'zh-CN': '请输入数据权限名称', 'en-US': 'Please enter data scope name' },
  'dataScope.scopeType.required': {
    'zh-CN': '请选择数据权限类型(1 至 5)',
    'en-US': 'Please select a data scope type (1 to 5)',
  },
  'dataScope.scopeField.invalid': {
    'zh-CN': '可见字段须为 * 或以逗号分隔的字段名',
    'en-US': 'Visible fields must be * or column names separated by commas',
  },
  'dataScope.scopeColumn.invalid': {
    'zh-CN': '权限字段须为字段名(小写字母、数字和下划线)',
    'en-US': 'The scope column must be a column name (lower-case letters, digits and underscores)',
  },
  'dataScope.scopeValue.invalid': {
    'zh-CN': `自定义规则须为 JSON 形式的过滤条件,如 ${EXAMPLE}`,
    'en-US': `A custom rule must be filter conditions written as JSON, such as ${EXAMPLE}`,
  },
});
