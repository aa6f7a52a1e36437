import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER, signingHeaders, TIMESTAMP_HEADER } from './signing';
import { verifyWebhookSignature } from './verify-signature';

const SECRET = 'whsec_3f1b6c0e9a7d4e21b8c5';
const BODY = JSON.stringify({ schema_version: 'v1', id: 'wh_1', idempotency_key: 'change:1', event: 'change.detected', data: { id: 1 } });
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const TS = Math.floor(NOW / 1000);

function sign(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

describe('verifyWebhookSignature', () => {
  it('accepts a fresh delivery signed with the secret', () => {
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: TS, signature: sign(SECRET, TS, BODY), rawBody: BODY, now: NOW })).toBe(true);
  });

  it('accepts the headers the sender writes, with the body as a Buffer', () => {
    const headers = signingHeaders(SECRET, BODY, NOW);
    expect(headers[SIGNATURE_HEADER]).toBe(sign(SECRET, TS, BODY));
    expect(
      verifyWebhookSignature({
        secret: SECRET,
        timestamp: headers[TIMESTAMP_HEADER],
        signature: headers[SIGNATURE_HEADER],
        rawBody: Buffer.from(BODY),
        now: NOW + 1000,
      }),
    ).toBe(true);
  });

  it('writes no headers when the workspace has no secret', () => {
    expect(signingHeaders(null, BODY, NOW)).toEqual({});
  });

  it('rejects a body changed after signing', () => {
    const signature = sign(SECRET, TS, BODY);
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: TS, signature, rawBody: BODY.replace('"id":1', '"id":2'), now: NOW })).toBe(false);
  });

  it('rejects another secret and another timestamp', () => {
    expect(verifyWebhookSignature({ secret: 'other-secret', timestamp: TS, signature: sign(SECRET, TS, BODY), rawBody: BODY, now: NOW })).toBe(false);
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: TS + 1, signature: sign(SECRET, TS, BODY), rawBody: BODY, now: NOW })).toBe(false);
  });

  it('rejects timestamps older than five minutes and too far in the future', () => {
    const old = TS - 301;
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: old, signature: sign(SECRET, old, BODY), rawBody: BODY, now: NOW })).toBe(false);
    const edge = TS - 300;
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: edge, signature: sign(SECRET, edge, BODY), rawBody: BODY, now: NOW })).toBe(true);
    const future = TS + 301;
    expect(verifyWebhookSignature({ secret: SECRET, timestamp: future, signature: sign(SECRET, future, BODY), rawBody: BODY, now: NOW })).toBe(false);
  });

  it('honours a custom tolerance', () => {
    const ts = TS - 30;
    const input = { secret: SECRET, timestamp: ts, signature: sign(SECRET, ts, BODY), rawBody: BODY, now: NOW };
    expect(verifyWebhookSignature({ ...input, toleranceSeconds: 10 })).toBe(false);
    expect(verifyWebhookSignature({ ...input, toleranceSeconds: 60 })).toBe(true);
  });

  it.each([
    ['a missing signature', { signature: undefined }],
    ['a signature without the sha256= prefix', { signature: sign(SECRET, TS, BODY).slice(7) }],
    ['an upper-case or short hex digest', { signature: sign(SECRET, TS, BODY).toUpperCase() }],
    ['a truncated digest', { signature: sign(SECRET, TS, BODY).slice(0, -2) }],
    ['a missing timestamp', { timestamp: undefined }],
    ['a non-numeric timestamp', { timestamp: `${TS}abc` }],
    ['an empty secret', { secret: '' }],
  ])('rejects %s without throwing', (_label, override) => {
    const input = { secret: SECRET, timestamp: TS as string | number | undefined, signature: sign(SECRET, TS, BODY) as string | undefined, rawBody: BODY, now: NOW };
    expect(verifyWebhookSignature({ ...input, ...override })).toBe(false);
  });
});
