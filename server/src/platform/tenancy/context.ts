import type { KioskDevice } from '../auth/kiosk.ts';
import type { Locale } from '../i18n/i18n.ts';

/** The tenant every installation starts with; its `administrator` role runs the platform. */
export const PLATFORM_TENANT_ID = '000000';
export const ADMINISTRATOR_ROLE = 'administrator';

/** Who is calling, read from a verified token. The tenant comes from the token, never from a header. */
export interface Caller {
  tenantId: string;
  userId: string;
  account: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
}

export interface RequestContext {
  locale: Locale;
  caller: Caller | null;
  /** The session of the caller's token (logout revokes it). */
  sessionId: string | null;
  /** The kiosk calling with its device's key (then `caller` is the kiosk's, without a user). */
  kiosk: KioskDevice | null;
}

export function isPlatformAdministrator(caller: Caller | null): boolean {
  return !!caller && caller.tenantId === PLATFORM_TENANT_ID && caller.roleAliases.includes(ADMINISTRATOR_ROLE);
}

/**
 * The tenant a request works in when it names one (`?tenantId=`): only the platform administrator
 * may name another tenant (tenant management); everyone else always gets their own.
 */
export function chosenTenant(caller: Caller, wanted: string | undefined): string {
  return wanted && isPlatformAdministrator(caller) ? wanted : caller.tenantId;
}
