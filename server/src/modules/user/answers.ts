import { z } from 'zod';

// What the user module's own routes answer, for the API document (BladeX User and UserVO).

const text = z.string().nullable();
const commaIds = z.string().nullable().describe('ids, comma-joined');

/** `info`: the caller's own account, with the names of its roles, depts and posts (no password). */
export const selfInfoSchema = z.looseObject({
  id: z.string(),
  tenantId: z.string(),
  code: text,
  userType: z.number().int().nullable(),
  account: z.string(),
  name: text,
  realName: text,
  avatar: text,
  email: text,
  phone: text,
  birthday: text.describe("`yyyy-MM-dd HH:mm:ss`, the server's wall clock"),
  sex: z.number().int().nullable(),
  roleId: commaIds,
  deptId: commaIds,
  postId: commaIds,
  status: z.number().int(),
});

/** `platform-detail`: the user as `detail` answers it (`record`), with their settings of one platform. */
export const platformDetailSchema = (record: z.ZodObject) =>
  record.extend({
    userType: z.number().int().describe('the platform: 1 web, 2 app, 3 other'),
    userExt: z.string().describe('the platform\'s extension text, "" when none'),
  });

/** `allUserList`: the users of the user list (tenant and data scope), short. */
export const shortUsersSchema = z.array(
  z.object({ id: z.string(), account: z.string(), name: text, realName: text, roleId: commaIds, deptId: commaIds }),
);
