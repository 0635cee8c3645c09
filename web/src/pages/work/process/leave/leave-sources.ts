import type { OptionSource } from '../../../../components/crud/types.ts';

/** The people a leave request may go to for approval: the tenant's users, by name and account (`blade-user/select`). */
export const APPROVERS: OptionSource = { url: '/blade-user/select', label: ['realName', 'account'], value: 'id' };
