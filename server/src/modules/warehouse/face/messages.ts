import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const faceMessages = defineMessages({
  'warehouse.face.none': {
    'zh-CN': '照片中没有找到人脸, 请正对镜头、光线充足后重拍',
    'en-US': 'No face was found in the photo: face the camera in good light and try again',
  },
  'warehouse.face.several': {
    'zh-CN': '照片中有 {count} 张人脸, 每次只能一人',
    'en-US': 'The photo shows {count} faces: one person at a time',
  },
  'warehouse.face.unreadable': {
    'zh-CN': '无法读取该图片, 请使用 JPEG 或 PNG 照片',
    'en-US': 'The file is not an image that can be read: use a JPEG or PNG photo',
  },
  'warehouse.face.notRecognised': {
    'zh-CN': '未能识别此人: 请正对镜头重试, 或请管理员登记人脸',
    'en-US': 'Not recognised: face the camera and try again, or ask an administrator to register your face',
  },
  'warehouse.ticket.missing': {
    'zh-CN': '请先进行人脸识别',
    'en-US': 'Look at the camera first: this needs the ticket of a recognised person',
  },
  'warehouse.ticket.invalid': {
    'zh-CN': '领用凭证已过期或已使用, 请重新识别人脸',
    'en-US': 'The outbound ticket has expired or was already used: look at the camera again',
  },
});
