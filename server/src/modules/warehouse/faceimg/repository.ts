import { nextId } from '../../../platform/db/snowflake.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

export interface NewPerson {
  name: string;
  employeeNo?: string | null;
  userId?: string | null;
  deptId?: string | null;
  phone?: string | null;
  remark?: string | null;
}

/**
 * Records a person who may take materials (a face-image record without its image yet). The
 * faceimg endpoints and face recognition come with the kiosk; deliveries and warrants name persons now.
 */
export async function insertPerson(trx: AnyTrx, caller: Caller, person: NewPerson): Promise<string> {
  const id = nextId();
  await trx
    .insertInto('wh_face_image')
    .values({
      id,
      tenant_id: caller.tenantId,
      name: person.name,
      employee_no: person.employeeNo ?? null,
      user_id: person.userId ?? null,
      dept_id: person.deptId ?? null,
      phone: person.phone ?? null,
      remark: person.remark ?? null,
      create_user: caller.userId,
      create_dept: caller.deptIds[0] ?? null,
      update_user: caller.userId,
    })
    .execute();
  return id;
}
