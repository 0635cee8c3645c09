import { sql } from 'kysely';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { Descriptor } from './engine.ts';

/** A descriptor as a `real[]` value (numbers we made, never text a client sent). */
export const descriptorValue = (descriptor: readonly number[]) =>
  sql`${`{${descriptor.map((x) => Number(x).toString()).join(',')}}`}::real[]`;

/** The person a kiosk may show: who they are, never their descriptor. */
export interface RecognisedPerson {
  id: string;
  name: string;
  employeeNo: string | null;
  deptId: string | null;
  imageUrl: string | null;
  /** Euclidean distance between the photo's face and the person's (0: identical). */
  distance: number;
}

/**
 * The enabled person of the tenant whose stored descriptor lies nearest the face, when within
 * `threshold`. Computed in the database (one pass over the tenant's descriptors, no rows to Node).
 */
export async function nearestPerson(
  trx: AnyTrx,
  tenantId: string,
  face: Descriptor,
  threshold: number,
): Promise<RecognisedPerson | null> {
  const { rows } = await sql<RecognisedPerson>`
    select f.id, f.name, f.employee_no as "employeeNo", f.dept_id as "deptId", f.image_url as "imageUrl",
           d.distance
    from wh_face_image f
    cross join lateral (
      select sqrt(sum((a - b) * (a - b)))::float8 as distance from unnest(f.descriptor, ${descriptorValue(face)}) u(a, b)
    ) d
    where f.tenant_id = ${tenantId} and f.is_deleted = 0 and f.status = 1 and cardinality(f.descriptor) = ${face.length}
    order by d.distance
    limit 1`.execute(trx);
  const nearest = rows[0];
  return nearest && nearest.distance <= threshold ? { ...nearest, id: String(nearest.id) } : null;
}
