import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const faceimgMessages = defineMessages({
  'warehouse.faceimg.imageUrl.invalid': {
    'zh-CN': '照片链接不是本租户上传的文件, 请先上传照片',
    'en-US': 'The photo link is not a file uploaded here: upload the photo first',
  },
  'warehouse.faceimg.image.missing': {
    'zh-CN': '照片文件已不存在, 请重新上传',
    'en-US': 'The photo file no longer exists: upload it again',
  },
});
