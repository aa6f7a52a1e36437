import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import express from 'express';
import type { Request, Response } from 'express';
import { isRestApiRequest } from './rest-api';

const MAX_BODY_BYTES = '1mb';

const parseJson = express.json({ limit: MAX_BODY_BYTES, type: () => true, strict: true });

/** Reads a JSON body with the API's limits (1 MB, objects and arrays only); a body error rejects for the error filter. */
export function readJsonBody(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
}

/**
 * Parses the REST API's JSON bodies once the caller is known: registered after the API-key and
 * rate-limit guards, so a bad key is a 401 whatever the body, and body errors (400 malformed, 413 too large)
 * carry the rate-limit headers.
 *
 * A guard rather than an interceptor: while any interceptor is registered, Nest runs every request
 * through RxJS (defer, AsyncResource.bind, mergeAll, lastValueFrom), which cost about 0.1 ms of CPU
 * per request, a sixth of a feed page (docs/benchmarks.md, bench:api). Guards are awaited plainly.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    // The web application's forms are parsed where they are posted, after its own sign-in guard.
    if (!isRestApiRequest(req)) return true;
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
    if ((!hasBody && req.headers['transfer-encoding'] === undefined) || req.body !== undefined) return true;
    return readJsonBody(req, context.switchToHttp().getResponse<Response>()).then(() => true);
  }
}
