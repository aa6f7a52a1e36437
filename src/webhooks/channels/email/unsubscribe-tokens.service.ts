import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/config';
import { sessionSecret } from '../../../database/session-secret';
import { AppSecretEntity } from '../../../database/app-secret.entity';

export interface UnsubscribeClaim {
  workspaceId: number;
  email: string;
}

const MAC_BYTES = 18;

/**
 * Unsubscribe links work without signing in: the token names the workspace and address and
 * carries an HMAC under a key derived from the session secret (shared by every replica), so it
 * cannot be forged or pointed at another address.
 */
@Injectable()
export class UnsubscribeTokens {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sign(claim: UnsubscribeClaim): Promise<string> {
    const body = Buffer.from(JSON.stringify({ w: claim.workspaceId, e: claim.email.toLowerCase() })).toString('base64url');
    return `${body}.${await this.mac(body)}`;
  }

  /** The claim of a valid token; null for anything else. */
  async verify(token: string): Promise<UnsubscribeClaim | null> {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(await this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { w?: unknown; e?: unknown };
      if (!Number.isInteger(parsed.w) || typeof parsed.e !== 'string') return null;
      return { workspaceId: parsed.w as number, email: parsed.e };
    } catch {
      return null;
    }
  }

  private async mac(body: string): Promise<string> {
    this.key ??= sessionSecret(this.config, this.db.getRepository(AppSecretEntity)).then((secret) => createHmac('sha256', secret).update('rivalwatch:unsubscribe').digest());
    return createHmac('sha256', await this.key).update(body).digest().subarray(0, MAC_BYTES).toString('base64url');
  }
}
