import { Injectable, NestMiddleware } from '@nestjs/common';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';

export const MAX_BODY_BYTES = '1mb';

const parseJson = express.json({ limit: MAX_BODY_BYTES, type: () => true, strict: true });

/** Parses JSON bodies after authentication, so body errors carry the rate-limit headers too. */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
    if (!hasBody && req.headers['transfer-encoding'] === undefined) {
      next();
      return;
    }
    parseJson(req, res, next);
  }
}
