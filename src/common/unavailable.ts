const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when an error means Postgres or Redis cannot be reached right now (→ 503, not 500). */
export function isUnavailableError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; driverError?: unknown; name?: string };
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if (e.driverError && isUnavailableError(e.driverError)) return true;
  const message = e.message ?? '';
  return (
    /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest|connect ECONNREFUSED/i.test(
      message,
    ) || e.name === 'ServiceUnavailable'
  );
}
