import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  role: {
    roleName: ['角色名称', 'Role name'],
    roleAlias: ['角色别名', 'Role alias'],
    parentId: ['上级角色', 'Parent role'],
    parentHelp: ['不选则为顶级角色', 'Leave empty for a top-level role'],
    sort: ['角色排序', 'Sort'],
    tooLong: ['最多255个字符', 'At most 255 characters'],
    grant: ['权限设置', 'Permissions'],
    grantTabs: {
      menu: ['菜单权限', 'Menus'],
      dataScope: ['数据权限', 'Data scopes'],
      apiScope: ['接口权限', 'API scopes'],
    },
  },
});
