import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  datasource: {
    name: ['名称', 'Name'],
    driverClass: ['驱动类', 'Driver class'],
    url: ['连接地址', 'Connection URL'],
    username: ['用户名', 'User name'],
    password: ['密码', 'Password'],
    passwordHelp: ['密码只写入不显示；修改时留空则保持不变', 'Stored sealed and never shown; leave empty to keep it'],
    remark: ['备注', 'Remark'],
  },
});
