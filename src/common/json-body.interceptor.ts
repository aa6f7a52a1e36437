import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import express from 'express';
import type { Request, Response } from 'express';
import { from, Observable, switchMap } from 'rxjs';

export const MAX_BODY_BYTES = '1mb';

const parseJson = express.json({ limit: MAX_BODY_BYTES, type: () => true, strict: true });

/**
 * Parses JSON bodies after the guards (authentication and rate limit), so a bad key is a 401
 * whatever the body, and body errors (400 malformed, 413 too large) carry the rate-limit headers.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
    if ((!hasBody && req.headers['transfer-encoding'] === undefined) || req.body !== undefined) return next.handle();
    const parsed = new Promise<void>((resolve, reject) => parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
