import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { nextId } from '../../platform/db/snowflake.ts';
import { defineMessages } from '../../platform/i18n/i18n.ts';
import type { SharedStore } from '../../platform/store/store.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

export const oauthLinkMessages = defineMessages({
  'user.oauth.ticket': {
    'zh-CN': '第三方账号信息已失效,请重新通过第三方登录',
    'en-US': 'The third-party account’s details have expired: sign in with the provider again',
  },
  'user.oauth.linkedOther': {
    'zh-CN': '该第三方账号已绑定其他账号',
    'en-US': 'This third-party account is linked to another account already',
  },
});

/** Who signed in at a provider (blade_user_oauth's columns). */
export interface OAuthIdentity {
  source: string;
  uuid: string;
  username: string;
  nickname: string;
  avatar: string | null;
  email: string | null;
}

/** A third-party sign-in that found no user: what the registration dialog may link, for a while. */
export interface OAuthTicket {
  tenantId: string;
  identity: OAuthIdentity;
}

/** Long enough to fill the registration dialog. */
const TICKET_TTL_MS = 30 * 60_000;
const ticketKey = (id: string) => `social:ticket:${id}`;

/**
 * The `oauth_id` of an unknown identity: an unguessable ticket in the shared store, not a row id, so no
 * one can link an identity they did not sign in with. It is spent by the link it makes.
 */
export async function issueTicket(store: SharedStore, ticket: OAuthTicket): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await store.set(ticketKey(id), JSON.stringify(ticket), TICKET_TTL_MS);
  return id;
}

/** The ticket, if live and of this tenant. */
export async function readTicket(store: SharedStore, id: string, tenantId: string): Promise<OAuthTicket | undefined> {
  if (!/^[\w-]{32}$/.test(id)) return undefined;
  const kept = await store.get(ticketKey(id));
  const ticket = kept ? (JSON.parse(kept) as OAuthTicket) : undefined;
  return ticket?.tenantId === tenantId ? ticket : undefined;
}

export const spendTicket = (store: SharedStore, id: string) => store.delete(ticketKey(id));

/** The user an identity of the tenant is linked to, with the link's id. */
export async function findLink(
  trx: AnyTrx,
  tenantId: string,
  source: string,
  uuid: string,
): Promise<{ id: string; userId: string } | undefined> {
  const { rows } = await sql<{ id: string; userId: string }>`select id::text as id, user_id::text as "userId"
    from blade_user_oauth where tenant_id = ${tenantId} and source = ${source} and uuid = ${uuid}
      and user_id is not null`.execute(trx);
  return rows[0];
}

/** Links the identity to the user: the link's id, or undefined when the identity is linked already (to anyone). */
export async function insertLink(
  trx: AnyTrx,
  tenantId: string,
  userId: string,
  identity: OAuthIdentity,
): Promise<string | undefined> {
  const id = nextId();
  const { source, uuid, username, nickname, avatar, email } = identity;
  const { rows } = await sql`insert into blade_user_oauth
      (id, tenant_id, uuid, user_id, username, nickname, avatar, email, source)
    values (${id}, ${tenantId}, ${uuid}, ${userId}, ${username.slice(0, 32)}, ${nickname.slice(0, 64)},
      ${avatar?.slice(0, 1000) ?? null}, ${email?.slice(0, 255) ?? null}, ${source})
    on conflict (tenant_id, source, uuid) do nothing returning id`.execute(trx);
  return rows.length ? id : undefined;
}

export interface LinkedAccount {
  id: string;
  source: string;
  username: string;
  nickname: string;
  email: string;
  createTime: Date;
}

/** The user's linked third-party accounts. */
export async function linksOfUser(trx: AnyTrx, tenantId: string, userId: string): Promise<LinkedAccount[]> {
  const { rows } = await sql<LinkedAccount>`select id::text as id, coalesce(source, '') as source,
      coalesce(username, '') as username, coalesce(nickname, '') as nickname, coalesce(email, '') as email,
      create_time as "createTime"
    from blade_user_oauth where tenant_id = ${tenantId} and user_id = ${userId} order by create_time, id`.execute(trx);
  return rows;
}

/** Removes one of the user's links; false when the user has no such link. */
export async function deleteLink(trx: AnyTrx, tenantId: string, userId: string, id: string): Promise<boolean> {
  const { rows } = await sql`delete from blade_user_oauth
    where tenant_id = ${tenantId} and user_id = ${userId} and id = ${id} returning id`.execute(trx);
  return rows.length > 0;
}
