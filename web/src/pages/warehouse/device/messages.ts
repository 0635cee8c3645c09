import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  device: {
    name: ['设备名称', 'Device name'],
    code: ['设备编号', 'Device code'],
    type: ['设备类型', 'Device type'],
    location: ['位置', 'Location'],
    serialNo: ['序列号', 'Serial no.'],
    online: ['在线状态', 'Online'],
    onlineOf: { '1': ['在线', 'Online'], '0': ['离线', 'Offline'] },
    kioskKey: ['终端密钥', 'Kiosk key'],
    kioskKeyRevoke: ['撤销密钥', 'Revoke key'],
    kioskKeyConfirm: [
      '为「{{name}}」生成新的终端密钥? 原密钥将立即失效, 使用它的终端需要重新配对。',
      'Make a new kiosk key for “{{name}}”? Its old key stops at once; a kiosk using it must be paired again.',
    ],
    kioskKeyRevokeConfirm: [
      '撤销「{{name}}」的终端密钥? 使用它的终端将立即停止工作。',
      'Revoke the kiosk key of “{{name}}”? A kiosk using it stops at once.',
    ],
    kioskKeyTitle: ['「{{name}}」的终端密钥', 'Kiosk key of “{{name}}”'],
    kioskKeyOnce: [
      '请在终端上打开 {{url}} 并输入此密钥完成配对。密钥只显示这一次, 请立即复制。',
      'Open {{url}} on the kiosk and enter this key to pair it. The key is shown this once only: copy it now.',
    ],
  },
});
