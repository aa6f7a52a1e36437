import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { APP_CONFIG, AppConfig } from '../config/config';
import { createGuardedConnect } from '../common/url-safety';
import { WEBHOOK_TIMEOUT_MS } from './retry-policy';

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The answer's Retry-After header, as sent. */
  retryAfter: string | null;
}

const ERROR_CHARS = 300;

/**
 * POSTs one webhook body. Every connection goes through the SSRF guard (DESIGN §6.17), so a
 * receiver URL that resolves to a private address is refused at connect time too; redirects are
 * not followed (a 3xx is a failed attempt).
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.agent = new Agent({
      connect: createGuardedConnect({ allowPrivate: config.allowPrivateNetworkTargets, connectTimeoutMs: WEBHOOK_TIMEOUT_MS }),
      headersTimeout: WEBHOOK_TIMEOUT_MS,
      bodyTimeout: WEBHOOK_TIMEOUT_MS,
      keepAliveTimeout: 30_000,
    });
  }

  /** POSTs a JSON body; the webhook channel signs it through `headers`, chat channels send it as is. */
  async post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const target = new URL(url);
      if (target.protocol !== 'https:' && !(target.protocol === 'http:' && this.config.allowPrivateNetworkTargets)) {
        return { statusCode: null, error: `refused: webhook URLs must use https, not ${target.protocol}`, durationMs: elapsed(), retryAfter: null };
      }
      const res = await request(target, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'Rivalwatch-Webhooks/1.0', ...headers },
        dispatcher: this.agent,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      // Drain the answer (unread) so the connection goes back to the pool.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const retryAfter = res.headers['retry-after'];
      return { statusCode: res.statusCode, error: null, durationMs: elapsed(), retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null };
    } catch (err) {
      return { statusCode: null, error: describe(err), durationMs: elapsed(), retryAfter: null };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}

function describe(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timeout: no complete answer within ${WEBHOOK_TIMEOUT_MS / 1000}s`;
  const code = e?.code ?? e?.cause?.code;
  const message = e?.message || e?.cause?.message || String(err);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, ERROR_CHARS);
}
