/** pg's own conversion of a query parameter to what it sends (platform/db/pglite-driver.ts sends PGlite the same). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
