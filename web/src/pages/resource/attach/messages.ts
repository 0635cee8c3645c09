import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  attach: {
    originalName: ['附件名称', 'File name'],
    extension: ['附件类型', 'Type'],
    attachSize: ['附件大小', 'Size'],
    link: ['附件地址', 'Link'],
    createUserName: ['上传人', 'Uploaded by'],
    createTime: ['上传时间', 'Uploaded at'],
    upload: ['上传附件', 'Upload'],
    uploading: ['正在上传', 'Uploading'],
    uploaded: ['上传成功', 'uploaded'],
    failed: ['上传失败：连接中断，请重试', 'was not uploaded: the connection was lost; please try again'],
    preview: ['预览', 'Preview'],
    download: ['下载', 'Download'],
    close: ['关闭', 'Close'],
  },
});
