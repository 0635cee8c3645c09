// PostgreSQL's codes for a server going away: admin_shutdown, crash_shutdown, cannot_connect_now;
// class 08 is "connection exception".
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);
const NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// What node-postgres and its pool say when a connection ends or cannot be had in time.
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|is not currently accepting connections/i;

/** True for an error that says the database connection is lost or unavailable, not that a query is wrong. */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SERVER_GONE.has(code) || NETWORK.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  return DRIVER_MESSAGES.test(error.message);
}
