import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  materialsCode: {
    code: ['物资编号', 'Material code'],
    name: ['物资名称', 'Material name'],
    brand: ['品牌', 'Brand'],
    barcode: ['条码', 'Barcode'],
    defaultProvider: ['默认供应商', 'Default provider'],
    referencePrice: ['参考单价', 'Reference price'],
    safetyStock: ['安全库存', 'Safety stock'],
    maxStock: ['最大库存', 'Maximum stock'],
    imageUrl: ['图片地址', 'Image URL'],
  },
});
