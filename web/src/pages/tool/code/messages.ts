import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  code: {
    codeName: ['模块名', 'Module name'],
    serviceName: ['服务名', 'Service name'],
    serviceNameHelp: ['接口地址的服务段，如 blade-desk', 'The service part of the API address, e.g. blade-desk'],
    datasource: ['数据源', 'Datasource'],
    platformDb: ['平台数据库', 'Platform database'],
    tableName: ['表名', 'Table'],
    tablePrefix: ['表前缀', 'Table prefix'],
    tablePrefixHelp: ['生成的名称去掉此前缀，如 blade_', 'Left out of the generated names, e.g. blade_'],
    pkName: ['主键名', 'Primary key'],
    packageName: ['包名', 'Package'],
    packageNameHelp: [
      '服务端模块目录 server/src/modules/<包名>，如 desk',
      'The server module folder server/src/modules/<package>, e.g. desk',
    ],
    baseMode: ['基础业务', 'Audit columns'],
    wrapMode: ['包装器', 'Wrapper'],
    apiPath: ['接口路径', 'API path'],
    apiPathHelp: [
      '留空则为 /api/<服务名>/<实体>，如 /api/blade-desk/notice',
      'Empty: /api/<service>/<entity>, e.g. /api/blade-desk/notice',
    ],
    webPath: ['页面路径', 'Page path'],
    webPathHelp: ['留空则为 /<包名>/<实体>，如 /desk/notice', 'Empty: /<package>/<entity>, e.g. /desk/notice'],
    yes: ['是', 'Yes'],
    no: ['否', 'No'],
    preview: ['预览', 'Preview'],
    previewTitle: ['代码预览：{{name}}', 'Code preview: {{name}}'],
    files: ['生成的文件', 'Generated files'],
    generate: ['代码生成', 'Generate'],
    generated: ['代码已生成，压缩包已下载', 'Code generated: the archive is downloaded'],
    copy: ['复制', 'Copy'],
    copyConfirm: ['复制 {{name}}？', 'Copy {{name}}?'],
  },
});
