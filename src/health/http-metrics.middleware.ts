import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { httpRequestsTotal } from './metrics';

/** Counts every answered request by its route pattern (not its URL, so ids do not explode the labels). */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      httpRequestsTotal.inc({ method: req.method, route: String(route), status: String(res.statusCode) });
    });
    next();
  }
}
