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
  },
});
