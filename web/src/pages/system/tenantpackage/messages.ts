import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  tenantPackage: {
    packageName: ['产品包名', 'Package name'],
    menuId: ['菜单列表', 'Menus'],
    remark: ['备注', 'Remark'],
    packageNameRequired: ['请输入产品包名称', 'Please enter package name'],
    menuIdRequired: ['请选择菜单', 'Please select menu'],
  },
});
