import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  excel: {
    import: ['导入', 'Import'],
    export: ['导出', 'Export'],
    exportTitle: ['导出数据', 'Export'],
    importTitle: ['数据导入', 'Import data'],
    file: ['Excel 文件', 'Excel file'],
    choose: ['选择文件', 'Choose file'],
    fileHint: [
      '只能上传 .xlsx 文件, 第一行为模板的列名',
      'An .xlsx file whose first row holds the template’s column names',
    ],
    noFile: ['请选择要导入的 Excel 文件', 'Choose an Excel file to import'],
    isCovered: ['已存在的数据', 'Existing records'],
    skip: ['跳过(不修改)', 'Skip (leave unchanged)'],
    cover: ['覆盖', 'Overwrite'],
    template: ['下载模板', 'Download template'],
    submit: ['导入', 'Import'],
    uploading: ['正在上传', 'Uploading'],
    refused: ['导入未完成, 没有写入任何数据', 'Nothing was imported'],
    rowProblem: ['第 {{row}} 行: {{message}}', 'Row {{row}}: {{message}}'],
    failed: ['导入失败, 请检查网络后重试', 'The import failed: check the network and try again'],
  },
});
