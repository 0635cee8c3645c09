import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  topmenu: {
    name: ['菜单名称', 'Name'],
    source: ['菜单图标', 'Icon'],
    code: ['菜单编号', 'Code'],
    sort: ['菜单排序', 'Sort'],
    grant: ['菜单配置', 'Menus'],
    grantTitle: ['顶部菜单配置', 'Menus of the top menu'],
  },
});
