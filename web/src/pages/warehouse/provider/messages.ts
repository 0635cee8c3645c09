import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  provider: {
    code: ['供应商编号', 'Provider code'],
    name: ['供应商名称', 'Provider name'],
    contactName: ['联系人', 'Contact'],
    phone: ['联系电话', 'Phone'],
    email: ['邮箱', 'Email'],
    emailInvalid: ['邮箱格式不正确', 'The email address is not valid'],
    address: ['地址', 'Address'],
    taxNo: ['税号', 'Tax no.'],
    bankName: ['开户银行', 'Bank'],
    bankAccount: ['银行账号', 'Bank account'],
  },
});
