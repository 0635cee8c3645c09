import { defineMessages } from '../../app/messages.ts';

// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a custom rule holds, shown as it is written
const USER_ID = '${userId}';
const EXAMPLE = `{"createUser_equal": "${USER_ID}"}`;

export default defineMessages({
  scopes: {
    dataTitle: ['数据权限', 'Data scopes'],
    apiTitle: ['接口权限', 'API scopes'],
    setting: ['权限配置', 'Configure'],
    scopeName: ['权限名称', 'Scope name'],
    resourceCode: ['权限编号', 'Resource code'],
    scopeColumn: ['权限字段', 'Scope column'],
    scopeColumnFormat: [
      '权限字段须为字段名(小写字母、数字和下划线)',
      'The scope column must be a column name (lower-case letters, digits and underscores)',
    ],
    scopeType: ['规则类型', 'Rule type'],
    scopeField: ['可见字段', 'Visible fields'],
    scopeClass: ['权限类名', 'Scope class'],
    scopeValue: ['规则值', 'Rule value'],
    scopeValueHelp: [
      `自定义规则:JSON 形式的过滤条件,如 ${EXAMPLE}`,
      `Custom rules: filter conditions as JSON, such as ${EXAMPLE}`,
    ],
    scopePath: ['接口地址', 'API path'],
    scopePathFormat: [
      '接口地址须以 /api/ 开头,且不含空白、? 或 #',
      'The API path must start with /api/ and contain no spaces, ? or #',
    ],
    apiType: ['接口类型', 'API type'],
    remark: ['备注', 'Remark'],
    menuName: ['菜单名称', 'Menu name'],
    menuCode: ['菜单编号', 'Menu code'],
    menuPath: ['路由地址', 'Route'],
    menuSource: ['菜单图标', 'Icon'],
    menuSort: ['菜单排序', 'Sort'],
  },
});
