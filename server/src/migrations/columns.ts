import { sql } from 'kysely';

/**
 * Column groups that several migrations use. Frozen like the migrations themselves: never edit one
 * that a released migration uses; add a new constant instead.
 */

/** The audit columns of BladeX's BaseEntity, in PostgreSQL types. */
export const AUDIT_COLUMNS = sql.raw(`
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0`);
