import { randomUUID } from 'node:crypto';
import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { type Store, storage } from 'nestjs-pino/storage';
import type { Logger as Pino } from 'pino';
import type { CallerRequest } from './caller';
import { lazyLogStore } from './log-context';
import { redactUrl } from './redact-url';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** A caller's own `X-Request-Id` is kept when it is a plain token; otherwise the request gets a UUID. */
const CALLER_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Health probes and metric scrapes: answered many times a minute, never worth a line. */
const QUIET = /^\/(health|metrics)/;

/**
 * Per request: its id (`X-Request-Id` in and out), a logger bound to `req: {id, method, url}`
 * (the URL without its credentials, `redactUrl`) for every line written while the request runs
 * (nestjs-pino's context), and, at info level and below, one line when it is answered with the
 * status, the time taken and the account.
 */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware {
  private readonly logsRequests: boolean;

  constructor(@Inject(ROOT_LOGGER) private readonly root: Pino) {
    this.logsRequests = root.isLevelEnabled('info');
  }

  use(req: CallerRequest, res: Response, next: NextFunction): void {
    const header = req.headers['x-request-id'];
    const id = typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
    res.setHeader('X-Request-Id', id);
    const context = lazyLogStore(this.root, { req: { id, method: req.method, url: redactUrl(req.originalUrl) } });
    if (this.logsRequests && !QUIET.test(req.originalUrl)) this.logWhenAnswered(req, res, context);
    storage.run(context, next);
  }

  private logWhenAnswered(req: CallerRequest, res: Response, context: Store): void {
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const account = req.account ? { account_id: req.account.accountId } : {};
      const line = { ...account, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
      context.logger.info(line, !res.writableFinished ? 'request aborted' : res.statusCode >= 500 ? 'request errored' : 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
  }
}
