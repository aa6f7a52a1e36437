import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { DomainError, ErrorCode } from '../common/errors';
import { RateLimiter } from '../billing/rate-limiter';
import { AuthenticatedRequest } from './account-context';
import { AccountsService } from './accounts.service';

/**
 * Runs before body parsing so that every authenticated response, errors included,
 * carries the X-RateLimit-* headers (DESIGN §6.11).
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware {
  constructor(
    private readonly accounts: AccountsService,
    private readonly limiter: RateLimiter,
  ) {}

  async use(req: AuthenticatedRequest, res: Response, next: NextFunction): Promise<void> {
    try {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const account = match ? await this.accounts.authenticate(match[1]) : null;
      if (!account) throw new DomainError(ErrorCode.Unauthorized, 'missing or invalid API key');
      const decision = await this.limiter.hit(account.keyId, account.plan.requests_per_minute);
      res.setHeader('X-RateLimit-Limit', String(decision.limit));
      res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
      res.setHeader('X-RateLimit-Reset', String(decision.reset));
      if (!decision.allowed) {
        throw new DomainError(ErrorCode.RateLimited, 'request rate limit exceeded for this API key', {
          retryAfter: decision.retryAfter,
        });
      }
      req.account = account;
      next();
    } catch (err) {
      next(err);
    }
  }
}
