import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  photo: {
    alt: ['照片', 'Photo'],
    upload: ['上传照片', 'Upload a photo'],
  },
});
