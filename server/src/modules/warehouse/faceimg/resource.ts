import type { CrudResource } from '../../../platform/crud/resource.ts';
import { readCodes } from '../access.ts';
import { requireRef } from '../references.ts';
import { descriptorOfPhoto } from './photo.ts';
import { faceimgInput } from './schema.ts';

/**
 * Persons who may take materials (face images): a photo stored through the object storage and
 * its face descriptor (128 floats, written only: never selected, filtered or answered).
 */
export const faceimgResource: CrudResource = {
  table: 'wh_face_image',
  tenantScoped: true,
  fields: {
    name: { column: 'name', kind: 'text' },
    employeeNo: { column: 'employee_no', kind: 'text' },
    userId: { column: 'user_id', kind: 'id' },
    deptId: { column: 'dept_id', kind: 'id' },
    phone: { column: 'phone', kind: 'text' },
    imageUrl: { column: 'image_url', kind: 'text' },
    remark: { column: 'remark', kind: 'text' },
    descriptor: { column: 'descriptor', kind: 'text', writeOnly: true },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'createTime', direction: 'desc' }],
  input: faceimgInput,
  // Warrants and outbounds name a person: their forms and filters get the name only.
  picker: { fields: ['name'], permissions: ['warrant', 'delivery'] },
  references: {
    label: 'name',
    by: [
      { table: 'wh_delivery', column: 'person_id', what: 'refs.delivery' },
      { table: 'wh_warrant', column: 'person_id', what: 'refs.warrant' },
    ],
  },
  permissions: { read: readCodes('faceimg'), add: 'faceimg_add', edit: 'faceimg_edit', remove: 'faceimg_delete' },
  hooks: {
    prepare: descriptorOfPhoto,
    async beforeSave(trx, caller, values) {
      await requireRef(trx, caller.tenantId, 'user', values.userId);
      await requireRef(trx, caller.tenantId, 'dept', values.deptId);
    },
  },
};
