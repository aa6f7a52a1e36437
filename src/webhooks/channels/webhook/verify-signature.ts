import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * For webhook receivers: checks the `X-Service-Signature` of a delivery. Self-contained (only
 * node:crypto) so it can be copied into a receiver as is.
 */
export interface VerifyWebhookSignatureInput {
  /** The signing secret set in the workspace's notification settings. */
  secret: string;
  /** The `X-Service-Timestamp` header: Unix time in seconds. */
  timestamp: string | number | undefined | null;
  /** The `X-Service-Signature` header: `sha256=<hex>`. */
  signature: string | undefined | null;
  /** The request body exactly as received (before any JSON parsing). */
  rawBody: string | Buffer;
  /** Deliveries older (or further in the future) than this are refused; five minutes by default. */
  toleranceSeconds?: number;
  /** The receiver's clock, in milliseconds (tests). */
  now?: number;
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;
const TIMESTAMP = /^\d{1,12}$/;

/** True when the signature is the HMAC-SHA256 of `<timestamp>.<rawBody>` and the timestamp is recent. */
export function verifyWebhookSignature(input: VerifyWebhookSignatureInput): boolean {
  const { secret, rawBody, toleranceSeconds = 300, now = Date.now() } = input;
  const timestamp = input.timestamp === undefined || input.timestamp === null ? '' : String(input.timestamp);
  const match = SIGNATURE.exec(input.signature ?? '');
  if (!secret || !match || !TIMESTAMP.test(timestamp)) return false;
  // A stale timestamp means a replayed (or very late) delivery; a future one means a forged clock.
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}
