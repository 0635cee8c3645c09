import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * The workflow (issue 18): our own tables are the truth, the BPMN engine only computes the next
 * step (modules/flow). Models are drafts; a deployment makes immutable definitions, one per
 * executable process, versioned per key and tenant; instances hold the engine's saved state (without
 * the definition, which the definition row keeps) and their variables; tasks, activities and
 * comments are what the lists and the history read. The leave requests of the desk, and outbound
 * requests waiting for approval (a tenant's setting), sit on top of it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table flow_model (
      id bigint primary key, tenant_id varchar(12) not null, model_key varchar(64) not null,
      name varchar(255) not null, description varchar(1000), xml text, version int not null default 1,
      model_type int not null default 0,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index flow_model_key on flow_model (tenant_id, model_key) where is_deleted = 0`.execute(db);

  await sql`
    create table flow_deployment (
      id bigint primary key, tenant_id varchar(12) not null, name varchar(255) not null, category varchar(64),
      deploy_time timestamptz not null default now(), is_deleted int not null default 0, create_user bigint
    )`.execute(db);

  // Ids as Flowable's `key:version:n`, which the wire and the web's routes carry.
  await sql`
    create table flow_definition (
      id varchar(160) primary key, tenant_id varchar(12) not null, deployment_id bigint not null,
      key varchar(64) not null, name varchar(255), description varchar(1000), version int not null,
      category varchar(64), resource_name varchar(255) not null, xml text not null,
      suspension_state int not null default 1 check (suspension_state in (1, 2)),
      is_deleted int not null default 0
    )`.execute(db);
  // Versions never repeat within a key, removed deployments included: two deploys at once, one 409.
  await sql`create unique index flow_definition_version on flow_definition (tenant_id, key, version)`.execute(db);
  await sql`create index flow_definition_deployment on flow_definition (tenant_id, deployment_id)`.execute(db);

  await sql`
    create table flow_instance (
      id bigint primary key, tenant_id varchar(12) not null, definition_id varchar(160) not null,
      business_key varchar(128), name varchar(255), start_user_id bigint, start_time timestamptz not null default now(),
      end_time timestamptz, end_activity_id varchar(255), delete_reason varchar(255),
      suspension_state int not null default 1 check (suspension_state in (1, 2)),
      variables jsonb not null default '{}', state jsonb, engine_version varchar(32), rev int not null default 1
    )`.execute(db);
  await sql`create index flow_instance_starter on flow_instance (tenant_id, start_user_id, start_time)`.execute(db);
  await sql`create index flow_instance_definition on flow_instance (tenant_id, definition_id) where end_time is null`.execute(
    db,
  );
  await sql`create index flow_instance_business on flow_instance (tenant_id, business_key)`.execute(db);

  // Open tasks are those without an end time; the arrays serve the claim list (GIN, `&&` and `= any`).
  await sql`
    create table flow_task (
      id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null,
      definition_id varchar(160) not null, task_def_key varchar(255) not null, name varchar(255),
      execution_id varchar(255) not null, assignee_id bigint, candidate_user_ids bigint[] not null default '{}',
      candidate_groups text[] not null default '{}', create_time timestamptz not null default now(),
      claim_time timestamptz, end_time timestamptz, outcome varchar(16), delete_reason varchar(255)
    )`.execute(db);
  await sql`create index flow_task_instance on flow_task (tenant_id, instance_id)`.execute(db);
  await sql`create index flow_task_assignee on flow_task (tenant_id, assignee_id, create_time)`.execute(db);
  await sql`create index flow_task_candidate_users on flow_task using gin (candidate_user_ids) where end_time is null`.execute(
    db,
  );
  await sql`create index flow_task_candidate_groups on flow_task using gin (candidate_groups) where end_time is null`.execute(
    db,
  );

  // What happened, in order (ids are time-ordered): events, tasks, gateways and the flows taken.
  await sql`
    create table flow_activity (
      id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null,
      activity_id varchar(255) not null, activity_name varchar(255), activity_type varchar(64) not null,
      execution_id varchar(255), task_id bigint, assignee_id bigint,
      start_time timestamptz not null default now(), end_time timestamptz
    )`.execute(db);
  await sql`create index flow_activity_instance on flow_activity (tenant_id, instance_id, id)`.execute(db);

  await sql`
    create table flow_comment (
      id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null, task_id bigint,
      user_id bigint, message varchar(1000) not null, time timestamptz not null default now()
    )`.execute(db);
  await sql`create index flow_comment_instance on flow_comment (tenant_id, instance_id)`.execute(db);

  // The desk's leave requests (BladeX's blade_process_leave, with a tenant).
  await sql`
    create table blade_process_leave (
      id bigint primary key, tenant_id varchar(12) not null, process_definition_id varchar(160) not null,
      process_instance_id bigint, start_time timestamptz not null, end_time timestamptz not null,
      reason varchar(255) not null, task_user bigint not null, apply_time timestamptz not null default now(),
      ${AUDIT_COLUMNS}
    )`.execute(db);

  // Outbound requests over a tenant's threshold wait for a process (status 3 waiting, 4 rejected).
  await sql`alter table wh_delivery add column process_instance_id bigint, add column approval_comment varchar(1000)`.execute(
    db,
  );
  await sql`
    create table wh_outbound_approval (
      tenant_id varchar(12) primary key, enabled int not null default 0, process_key varchar(64),
      threshold_kind varchar(8) not null default 'quantity' check (threshold_kind in ('quantity', 'amount')),
      threshold numeric(18,3) not null default 0, update_user bigint, update_time timestamptz not null default now()
    )`.execute(db);

  for (const table of [
    'flow_model',
    'flow_deployment',
    'flow_definition',
    'flow_instance',
    'flow_task',
    'flow_activity',
    'flow_comment',
    'blade_process_leave',
    'wh_outbound_approval',
  ]) {
    await enableTenantIsolation(db, table);
  }
}
