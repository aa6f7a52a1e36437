import { createHmac } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Service-Timestamp';
export const SIGNATURE_HEADER = 'X-Service-Signature';

/** `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<rawBody>`) (spec, Events: Signing). */
export function signatureOf(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** The two signing headers for a body sent now; none when the workspace has no secret. */
export function signingHeaders(secret: string | null, rawBody: string, nowMs = Date.now()): Record<string, string> {
  if (!secret) return {};
  const timestamp = Math.floor(nowMs / 1000);
  return { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signatureOf(secret, timestamp, rawBody) };
}
