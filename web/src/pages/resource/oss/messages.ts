import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  oss: {
    category: ['分类', 'Type'],
    ossCode: ['资源编号', 'Resource code'],
    endpoint: ['资源地址', 'Endpoint'],
    endpointHelp: [
      '服务地址，不含空间名：MinIO 如 http://127.0.0.1:9000，阿里云如 https://oss-cn-hangzhou.aliyuncs.com，腾讯云如 https://cos.ap-guangzhou.myqcloud.com',
      'The service address without the bucket: MinIO e.g. http://127.0.0.1:9000, Aliyun e.g. https://oss-cn-hangzhou.aliyuncs.com, Tencent e.g. https://cos.ap-guangzhou.myqcloud.com',
    ],
    bucketName: ['空间名', 'Bucket'],
    accessKey: ['访问密钥 ID', 'Access key'],
    secretKey: ['访问密钥', 'Secret key'],
    secretKeyHelp: ['密钥只写入不显示；修改时留空则保持不变', 'Stored sealed and never shown; leave empty to keep it'],
    region: ['地域', 'Region'],
    regionHelp: [
      '如 cn-hangzhou、ap-guangzhou；MinIO 可留空',
      'Such as us-east-1 or ap-guangzhou; MinIO may leave it empty',
    ],
    appId: ['应用 ID', 'App id'],
    remark: ['备注', 'Remark'],
    status: ['状态', 'Status'],
    statusOf: { '1': ['未启用', 'Not in use'], '2': ['已启用', 'In use'] },
    enable: ['启用', 'Enable'],
    enableConfirm: [
      '启用 {{code}} 后，新上传的文件将存入该存储，已上传的文件仍从原存储读取。确定启用吗？',
      'Once {{code}} is enabled, new uploads go to its store; files uploaded before stay readable where they are. Enable it?',
    ],
    enabled: ['已启用 {{code}}', '{{code}} is in use'],
    test: ['测试连接', 'Test connection'],
    testing: ['正在测试 {{code}}…', 'Testing {{code}}…'],
  },
});
