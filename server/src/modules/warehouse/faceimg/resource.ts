import { z } from 'zod';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { readCodes } from '../access.ts';

/**
 * Persons who may take materials (face-image records), read-only for now: the warrant and delivery
 * forms pick them. Their screen, the image and its descriptor come with the kiosk (issue 8), which
 * also makes them writable; the descriptor is never part of an answer.
 */
export const faceImgResource: CrudResource = {
  table: 'wh_face_image',
  tenantScoped: true,
  fields: {
    name: { column: 'name', kind: 'text' },
    userId: { column: 'user_id', kind: 'id' },
    employeeNo: { column: 'employee_no', kind: 'text' },
    deptId: { column: 'dept_id', kind: 'id' },
    phone: { column: 'phone', kind: 'text' },
    imageUrl: { column: 'image_url', kind: 'text', filter: false },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  input: z.object({}),
  permissions: {
    read: readCodes('faceimg'),
    add: 'faceimg_add',
    edit: 'faceimg_edit',
    remove: 'faceimg_delete',
  },
};
