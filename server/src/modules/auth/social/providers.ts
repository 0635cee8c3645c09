import { sql } from 'kysely';
import type { AnyDb } from '../../../platform/tenancy/tenant-db.ts';
import type { ProviderType } from './schema.ts';

/** A provider as the sign-in uses it; `version` changes with every update of the row. */
export interface SocialProvider {
  id: string;
  tenantId: string;
  source: string;
  name: string;
  type: ProviderType;
  issuer: string | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  userIdField: string | null;
  usernameField: string | null;
  nicknameField: string | null;
  avatarField: string | null;
  emailField: string | null;
  clientId: string;
  /** Sealed. */
  clientSecret: string | null;
  scopes: string | null;
  pkce: number;
  redirectUri: string | null;
  enabled: number;
  version: string;
}

const COLUMNS = sql`id::text as id, tenant_id as "tenantId", source, name, type, issuer,
  authorize_url as "authorizeUrl", token_url as "tokenUrl", userinfo_url as "userinfoUrl",
  user_id_field as "userIdField", username_field as "usernameField", nickname_field as "nicknameField",
  avatar_field as "avatarField", email_field as "emailField", client_id as "clientId",
  client_secret as "clientSecret", scopes, pkce, redirect_uri as "redirectUri", enabled,
  update_time::text as version`;

/** The tenant's live provider of that source, enabled or not (the sign-in says which). */
export async function findProvider(db: AnyDb, tenantId: string, source: string): Promise<SocialProvider | undefined> {
  const { rows } = await sql<SocialProvider>`select ${COLUMNS} from blade_social_provider
    where tenant_id = ${tenantId} and source = ${source} and is_deleted = 0`.execute(db);
  return rows[0];
}

/** What the login page shows of the tenant's enabled providers: the source and the button's name. */
export async function enabledProviders(db: AnyDb, tenantId: string): Promise<{ source: string; name: string }[]> {
  const { rows } = await sql<{ source: string; name: string }>`select source, name from blade_social_provider
    where tenant_id = ${tenantId} and enabled = 1 and is_deleted = 0 order by sort, source`.execute(db);
  return rows;
}

/** Display names of the tenant's providers by source, removed ones included (a link outlives its provider). */
export async function providerNames(db: AnyDb, tenantId: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ source: string; name: string }>`select distinct on (source) source, name
    from blade_social_provider where tenant_id = ${tenantId} order by source, is_deleted, update_time desc`.execute(db);
  return new Map(rows.map((r) => [r.source, r.name]));
}
