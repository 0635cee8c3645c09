import type { CrudResource, FieldSpec } from '../../../components/crud/types.ts';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The user fields (BladeX User): the table shows the names the server adds, the form picks ids. */
export const userFields: readonly FieldSpec[] = [
  {
    name: 'account',
    max: 45,
    label: 'user.account',
    search: true,
    required: true,
    rules: [{ max: 45, message: 'user.tooLong45' }],
  },
  { name: 'password', max: 128, label: 'user.password', type: 'password', form: 'add', column: false, required: true },
  {
    name: 'password2',
    label: 'user.password2',
    type: 'password',
    form: 'add',
    column: false,
    required: true,
    confirms: { field: 'password', message: 'user.passwordMismatch' },
  },
  { name: 'tenantName', label: 'user.tenantName', form: false },
  {
    name: 'name',
    max: 20,
    label: 'user.name',
    required: true,
    column: false,
    rules: [{ max: 20, message: 'user.tooLong20' }],
  },
  {
    name: 'realName',
    max: 10,
    label: 'user.realName',
    search: true,
    required: true,
    rules: [{ max: 10, message: 'user.tooLong10' }],
  },
  {
    name: 'roleId',
    label: 'user.roleId',
    type: 'tree-select',
    options: { tree: '/blade-system/role/tree' },
    multiple: true,
    checkStrictly: true,
    required: true,
    render: (_v, row) => text(row.roleName),
  },
  {
    name: 'deptId',
    label: 'user.deptId',
    type: 'tree-select',
    options: { tree: '/blade-system/dept/tree' },
    multiple: true,
    checkStrictly: true,
    required: true,
    render: (_v, row) => text(row.deptName),
  },
  {
    name: 'postId',
    label: 'user.postId',
    type: 'select',
    options: { url: '/blade-system/post/select', label: 'postName', value: 'id' },
    multiple: true,
    column: false,
  },
  {
    name: 'userType',
    label: 'user.userType',
    type: 'select',
    options: { dict: 'user_type' },
    search: true,
    form: false,
  },
  // 2: a registered guest awaiting approval (the approve action opens the account).
  {
    name: 'status',
    label: 'user.status',
    type: 'select',
    options: { items: [1, 0, 2].map((v) => ({ label: `user.statusOf.${v}`, value: v })) },
    search: true,
    form: false,
  },
  {
    name: 'phone',
    label: 'user.phone',
    column: false,
    rules: [
      { len: 11, message: 'user.phoneLength' },
      { pattern: /^1\d{10}$/, message: 'user.phoneFormat' },
    ],
  },
  {
    name: 'email',
    max: 45,
    label: 'user.email',
    column: false,
    rules: [{ type: 'email', message: 'user.emailFormat' }],
  },
  { name: 'sex', label: 'user.sex', type: 'select', options: { dict: 'sex' }, column: false },
  { name: 'birthday', label: 'user.birthday', type: 'date', column: false },
  { name: 'code', max: 12, label: 'user.code', column: false, rules: [{ max: 12, message: 'user.tooLong12' }] },
];

/** The standard parts of the user screen; its own actions are added by the page. */
export const userResource: CrudResource = { api: '/blade-user', permissions: 'user', fields: userFields };
