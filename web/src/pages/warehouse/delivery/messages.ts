import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  delivery: {
    deliveryNo: ['出库单号', 'Outbound no.'],
    purpose: ['用途', 'Purpose'],
    source: ['来源', 'Source'],
    sourceOf: { web: ['后台', 'Back office'], kiosk: ['终端', 'Kiosk'] },
    applyTime: ['出库时间', 'Issued'],
  },
});
