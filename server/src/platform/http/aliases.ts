import type { FastifyContextConfig, FastifyInstance } from 'fastify';

/** A route served under a second name: requests to `prefix…` are the route at `canonical…`. */
export interface RouteAlias {
  prefix: string;
  canonical: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on a route that is another dialect's name of a canonical route (see registerUnderPrefixes). */
    alias?: RouteAlias;
  }
}

/**
 * The path (or route URL) under the canonical name: API scopes are granted on canonical paths and
 * rate limits count a route and its aliases together.
 */
export function canonicalPath(config: FastifyContextConfig | undefined, path: string): string {
  const alias = config?.alias;
  return alias && path.startsWith(alias.prefix) ? alias.canonical + path.slice(alias.prefix.length) : path;
}

/**
 * Registers a module's routes under its own prefix and under other dialects' prefixes for the same
 * resource (SpringBlade's `/api/blade-system/user` for BladeX's `/api/blade-user`): the same
 * handlers, access and schemas, in a Fastify plugin per prefix with paths relative to it. The routes
 * under an alias carry `config.alias`; `register` is told which prefix it serves, for the few answers
 * that differ by dialect.
 */
export function registerUnderPrefixes(
  app: FastifyInstance,
  prefixes: readonly [canonical: string, ...aliases: string[]],
  register: (scoped: FastifyInstance, prefix: string) => void,
): void {
  const [canonical] = prefixes;
  for (const prefix of prefixes) {
    app.register(
      async (scoped) => {
        if (prefix !== canonical) {
          scoped.addHook('onRoute', (route) => {
            route.config = { ...route.config, alias: { prefix, canonical } };
          });
        }
        register(scoped, prefix);
      },
      { prefix },
    );
  }
}
