import { defineMessages } from '../../platform/i18n/i18n.ts';

export const reportMessages = defineMessages({
  'report.name.required': { 'zh-CN': '请输入报表名称', 'en-US': 'Please enter the report name' },
  'report.name.exists': { 'zh-CN': '报表名称 {name} 已存在', 'en-US': 'The report name {name} already exists' },
  'report.copy.suffix': { 'zh-CN': '（副本）', 'en-US': ' (copy)' },
  'report.template.cellOutside': {
    'zh-CN': '单元格 ({row}, {col}) 超出报表范围',
    'en-US': 'The cell ({row}, {col}) lies outside the sheet',
  },
  'report.template.cellTwice': {
    'zh-CN': '单元格 ({row}, {col}) 重复',
    'en-US': 'The cell ({row}, {col}) is given twice',
  },
  'report.template.mergeOutside': {
    'zh-CN': '合并区域 ({row}, {col}) 超出报表范围',
    'en-US': 'The merge at ({row}, {col}) lies outside the sheet',
  },
  'report.template.mergeOverlap': {
    'zh-CN': '合并区域 ({row}, {col}) 与其他合并区域重叠',
    'en-US': 'The merge at ({row}, {col}) overlaps another merge',
  },
  'report.template.datasetTwice': {
    'zh-CN': '数据集名称 {name} 重复',
    'en-US': 'The dataset name {name} is used twice',
  },
  'report.template.paramTwice': {
    'zh-CN': '参数名称 {name} 重复',
    'en-US': 'The parameter name {name} is used twice',
  },
  'report.template.unknownDataset': {
    'zh-CN': '单元格 ({row}, {col}) 绑定了不存在的数据集 {name}',
    'en-US': 'The cell ({row}, {col}) binds the unknown dataset {name}',
  },
  'report.template.bandDatasets': {
    'zh-CN': '第 {row} 行向下扩展的单元格必须绑定同一个数据集',
    'en-US': 'The expanding cells of row {row} must bind the same dataset',
  },
  'report.template.unknownBuiltin': {
    'zh-CN': '没有名为 {name} 的内置数据集',
    'en-US': 'There is no builtin dataset named {name}',
  },
  'report.param.required': { 'zh-CN': '请填写参数“{label}”', 'en-US': 'Please fill in the parameter "{label}"' },
  'report.param.date': {
    'zh-CN': '参数“{label}”必须是 yyyy-MM-dd 格式的日期',
    'en-US': 'The parameter "{label}" must be a date written yyyy-MM-dd',
  },
  'report.param.number': { 'zh-CN': '参数“{label}”必须是数字', 'en-US': 'The parameter "{label}" must be a number' },
  'report.params.invalid': {
    'zh-CN': '参数必须是 JSON 对象，值为文本',
    'en-US': 'The parameters must be a JSON object of text values',
  },
  'report.preview.nothing': {
    'zh-CN': '请指定报表编号或模板',
    'en-US': 'Give the id of a report or a template',
  },
  'report.sql.forbidden': {
    'zh-CN': '只有平台租户中拥有“SQL 数据集”权限的用户才能保存含 SQL 数据集的报表',
    'en-US': 'Only holders of the SQL datasets permission in the platform tenant may save a report with a SQL dataset',
  },
  'report.sql.needsPostgres': {
    'zh-CN': 'SQL 数据集需要 PostgreSQL；请使用内置数据集',
    'en-US': 'SQL datasets need PostgreSQL; use a builtin dataset',
  },
  'report.sql.syntax': { 'zh-CN': 'SQL 语法错误：{detail}', 'en-US': 'The SQL has a syntax error: {detail}' },
  'report.sql.oneSelect': {
    'zh-CN': 'SQL 数据集只能是一条 SELECT 语句',
    'en-US': 'A SQL dataset must be exactly one SELECT statement',
  },
  'report.sql.into': { 'zh-CN': 'SQL 数据集不能使用 SELECT INTO', 'en-US': 'A SQL dataset may not use SELECT INTO' },
  'report.sql.locking': {
    'zh-CN': 'SQL 数据集不能加锁（FOR UPDATE / FOR SHARE）',
    'en-US': 'A SQL dataset may not lock rows (FOR UPDATE / FOR SHARE)',
  },
  'report.sql.recursive': {
    'zh-CN': 'SQL 数据集不能使用 WITH RECURSIVE',
    'en-US': 'A SQL dataset may not use WITH RECURSIVE',
  },
  'report.sql.modifying': {
    'zh-CN': 'SQL 数据集不能写入数据（{kind}）',
    'en-US': 'A SQL dataset may not write data ({kind})',
  },
  'report.sql.function': {
    'zh-CN': 'SQL 数据集不能调用函数 {name}',
    'en-US': 'A SQL dataset may not call the function {name}',
  },
  'report.sql.relation': {
    'zh-CN': 'SQL 数据集只能读取 report 模式中的视图，不能读取 {name}',
    'en-US': 'A SQL dataset may read only the views of the report schema, not {name}',
  },
  'report.sql.node': {
    'zh-CN': 'SQL 数据集不能使用 {name}',
    'en-US': 'A SQL dataset may not use {name}',
  },
  'report.sql.unknownParam': {
    'zh-CN': 'SQL 使用了未声明的参数 :{name}',
    'en-US': 'The SQL uses the undeclared parameter :{name}',
  },
  'report.sql.timeout': {
    'zh-CN': 'SQL 数据集运行超时（{seconds} 秒），已取消',
    'en-US': 'The SQL dataset ran longer than {seconds} s and was cancelled',
  },
  'report.sql.failed': { 'zh-CN': 'SQL 数据集运行失败：{detail}', 'en-US': 'The SQL dataset failed: {detail}' },
  'report.builtin.stock_value_by_type': { 'zh-CN': '库存价值（按物料类型）', 'en-US': 'Stock value by material type' },
  'report.builtin.materials': { 'zh-CN': '物料', 'en-US': 'Materials' },
  'report.builtin.movements': { 'zh-CN': '库存流水', 'en-US': 'Stock movements' },
  'report.builtin.deliveries': { 'zh-CN': '出库单', 'en-US': 'Deliveries' },
  'report.field.type': { 'zh-CN': '物料类型', 'en-US': 'Material type' },
  'report.field.materials': { 'zh-CN': '物料数', 'en-US': 'Materials' },
  'report.field.quantity': { 'zh-CN': '数量', 'en-US': 'Quantity' },
  'report.field.value': { 'zh-CN': '库存价值', 'en-US': 'Stock value' },
  'report.field.moved_in': { 'zh-CN': '期间入库', 'en-US': 'In during the period' },
  'report.field.moved_out': { 'zh-CN': '期间出库', 'en-US': 'Out during the period' },
  'report.field.code': { 'zh-CN': '物料编码', 'en-US': 'Code' },
  'report.field.name': { 'zh-CN': '物料名称', 'en-US': 'Name' },
  'report.field.unit': { 'zh-CN': '单位', 'en-US': 'Unit' },
  'report.field.reference_price': { 'zh-CN': '参考单价', 'en-US': 'Reference price' },
  'report.field.stock': { 'zh-CN': '库存', 'en-US': 'Stock' },
  'report.field.time': { 'zh-CN': '时间', 'en-US': 'Time' },
  'report.field.kind': { 'zh-CN': '类型', 'en-US': 'Kind' },
  'report.field.material': { 'zh-CN': '物料', 'en-US': 'Material' },
  'report.field.amount': { 'zh-CN': '金额', 'en-US': 'Amount' },
  'report.field.document': { 'zh-CN': '单据号', 'en-US': 'Document' },
  'report.field.device': { 'zh-CN': '设备', 'en-US': 'Device' },
  'report.field.person': { 'zh-CN': '领用人', 'en-US': 'Person' },
  'report.field.purpose': { 'zh-CN': '用途', 'en-US': 'Purpose' },
  'report.param.from': { 'zh-CN': '开始日期', 'en-US': 'From' },
  'report.param.to': { 'zh-CN': '结束日期', 'en-US': 'To' },
});
