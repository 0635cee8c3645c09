import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  menus: {
    name: ['菜单名称', 'Menu name'],
    path: ['路由地址', 'Route'],
    parentId: ['上级菜单', 'Parent menu'],
    source: ['菜单图标', 'Icon'],
    code: ['菜单编号', 'Menu code'],
    category: ['菜单类型', 'Type'],
    alias: ['菜单别名', 'Alias'],
    action: ['按钮功能', 'Button placement'],
    sort: ['菜单排序', 'Sort'],
    isOpen: ['新窗口', 'New window'],
    remark: ['菜单备注', 'Remark'],
    addChild: ['新增子项', 'Add child'],
    dataScopes: ['数据权限', 'Data scopes'],
    apiScopes: ['接口权限', 'API scopes'],
  },
});
