import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { canonicalPath } from '../http/aliases.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { PLATFORM_TENANT_ID } from '../tenancy/context.ts';
import { type Access, type PermissionResolver, permissionCodes } from './access.ts';
import { KIOSK_KEY_HEADER, type KioskAuthenticator, kioskCaller } from './kiosk.ts';
import type { SessionRegistry } from './sessions.ts';
import type { TokenService, VerifiedToken } from './tokens.ts';

export interface GuardOptions {
  tokens: TokenService;
  sessions: SessionRegistry;
  permissions: PermissionResolver;
  /** BladeX's `Blade-Auth` unless configured otherwise; its value is `bearer <token>`. */
  tokenHeader: string;
  kiosks: KioskAuthenticator;
}

const SESSION_PATHS = '/api/blade-auth/';
const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');
const isDocsRoute = (url: string) => url.startsWith('/api/docs');

function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Every API route declares its access; the server refuses to start otherwise. Each call is then
 * checked before its body is read: no or a bad token answers 401, a missing permission 403.
 */
/** An API route as declared: what the cross-tenant and permission suites walk. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** Its input schemas (zod) as declared, which the route fuzzer builds requests from. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * For a route whose declared access admits several actions (submit: add or edit), the check of
     * the action at hand: 403 unless the caller holds one of these codes.
     */
    requirePermission(codes: string | readonly string[]): Promise<void>;
  }
}

export function registerAccessControl(app: FastifyInstance, options: GuardOptions): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.decorateRequest('requirePermission', async function (this: FastifyRequest, codes: string | readonly string[]) {
    const caller = this.ctx.caller;
    if (!caller) throw unauthorized();
    if (!(await options.permissions.hasAny(caller, typeof codes === 'string' ? [codes] : codes))) throw forbidden();
  });
  const header = options.tokenHeader.toLowerCase();

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || isDocsRoute(route.url)) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (public, signedIn or a permission)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  /** The token's contents when it is valid and its session and user were not revoked. */
  async function liveToken(token: string): Promise<VerifiedToken | null> {
    const verified = await options.tokens.verify(token, 'access');
    if (!verified) return null;
    const { caller, sessionId, issuedAt } = verified;
    return (await options.sessions.isLive(caller.tenantId, caller.userId, sessionId, issuedAt)) ? verified : null;
  }

  /** A kiosk's call: its key must name a device, whose tenant the call then works in. */
  async function asKiosk(request: FastifyRequest): Promise<void> {
    const key = request.headers[KIOSK_KEY_HEADER];
    if (typeof key !== 'string' || !key) throw unauthorized('error.kiosk.missing');
    const device = await options.kiosks.authenticate(key);
    if (device === 'unknown') throw unauthorized('error.kiosk.unknown');
    if (!device) throw unauthorized('error.kiosk.invalid');
    if (device === 'disabled') throw unauthorized('error.kiosk.disabled');
    request.ctx.kiosk = device;
    request.ctx.caller = kioskCaller(device);
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not an API route: static files, the docs, not-found
    if (access === 'kiosk' || (typeof access === 'object' && access.kiosk && request.headers[KIOSK_KEY_HEADER])) {
      return asKiosk(request);
    }
    const token = bearerToken(request.headers[header]);
    const verified = token ? await liveToken(token) : null;
    request.ctx.caller = verified?.caller ?? null;
    request.ctx.sessionId = verified?.sessionId ?? null;
    if (access === 'public') return;
    if (!token) throw unauthorized('error.unauthorized.missing');
    if (!verified) throw unauthorized('error.unauthorized.invalid');
    const caller = verified.caller;
    if (typeof access === 'object' && access.platform && caller.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    const codes = permissionCodes(access);
    if (codes.length > 0 && !(await options.permissions.hasAny(caller, codes))) throw forbidden();
    // API scopes narrow what a role may call; the session's own calls stay open to every signed-in user.
    // An alias (another dialect's name of a route) is granted as its canonical path.
    const path = canonicalPath(request.routeOptions.config, request.url.split('?')[0] ?? '');
    if (!path.startsWith(SESSION_PATHS) && !(await options.permissions.allowsPath(caller, path))) throw forbidden();
  });
  return routes;
}
