import { type Kysely, sql } from 'kysely';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * Third-party sign-in (issue 23): `blade_social_provider` holds each tenant's identity providers, kept
 * by the platform administrator (a platform-wide table, as blade_client: no row-level security; the
 * sign-in reads it by tenant and source). An OpenID Connect provider is found by its issuer; a plain
 * OAuth2 one names its endpoints and which user-info fields hold the user's id and names. The client
 * secret is sealed (platform/auth/sealed-secrets.ts).
 *
 * `blade_user_oauth` (0004) gains the email and when the link was made, and one identity of a
 * provider links to one user of the tenant at most.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_social_provider (
      id bigint primary key,
      tenant_id varchar(12) not null,
      source varchar(16) not null,
      name varchar(64) not null,
      type varchar(8) not null,
      issuer varchar(500),
      authorize_url varchar(500),
      token_url varchar(500),
      userinfo_url varchar(500),
      user_id_field varchar(64),
      username_field varchar(64),
      nickname_field varchar(64),
      avatar_field varchar(64),
      email_field varchar(64),
      client_id varchar(255) not null,
      client_secret varchar(1000),
      scopes varchar(255),
      pkce int not null default 1,
      redirect_uri varchar(500),
      enabled int not null default 1,
      sort int not null default 0,
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_social_provider_source on blade_social_provider (tenant_id, source)
    where is_deleted = 0`.execute(db);
  await sql`alter table blade_user_oauth add column email varchar(255)`.execute(db);
  await sql`alter table blade_user_oauth add column create_time timestamptz not null default now()`.execute(db);
  await sql`create unique index blade_user_oauth_identity on blade_user_oauth (tenant_id, source, uuid)`.execute(db);
}
