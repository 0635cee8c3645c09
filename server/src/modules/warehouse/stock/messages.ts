import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const stockMessages = defineMessages({
  'warehouse.notice.outOfStock.title': { 'zh-CN': '缺货: {material}', 'en-US': 'Out of stock: {material}' },
  'warehouse.notice.outOfStock': {
    'zh-CN': '{material} 在 {device} 的库存已为 0',
    'en-US': '{material} at {device} is out of stock',
  },
  'warehouse.notice.lowStock.title': { 'zh-CN': '库存不足: {material}', 'en-US': 'Low stock: {material}' },
  'warehouse.notice.lowStock': {
    'zh-CN': '{material} 在 {device} 的库存 {quantity} 低于安全库存 {safetyStock}',
    'en-US': '{material} at {device}: {quantity} left, below the safety stock of {safetyStock}',
  },
});
