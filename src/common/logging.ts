import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import { Store, storage } from 'nestjs-pino/storage';
import type { AuthenticatedRequest } from '../accounts/account-context';
import type { AppConfig } from '../config/config';

const PINO_LEVEL: Record<AppConfig['logLevel'], string> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Every Nest log line goes through pino: JSON lines, human-readable only on a TTY (DESIGN §5c). */
export function loggingModule(config: AppConfig): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: PINO_LEVEL[config.logLevel],
      transport: process.stdout.isTTY ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const header = req.headers['x-request-id'];
        const id = typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customProps: (req: IncomingMessage) => {
        const account = (req as AuthenticatedRequest).account;
        return account ? { account_id: account.accountId } : {};
      },
      // One line per answered request at info; health probes and metric scrapes stay quiet. Above
      // info those lines would never print, so they are not built at all (~0.2 ms per request).
      autoLogging: PINO_LEVEL[config.logLevel] === 'info' || PINO_LEVEL[config.logLevel] === 'debug'
        ? { ignore: (req: IncomingMessage) => /^\/(health|metrics)/.test(req.url ?? '') }
        : false,
      serializers: { req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }) },
    },
  });
}

/** Runs a job's work with `job_id` (and its queue) on every log line it writes. */
export function inJobLogContext<T>(queue: string, jobId: string | undefined, work: () => Promise<T>): Promise<T> {
  const parent = storage.getStore()?.logger ?? PinoLogger.root;
  if (!parent) return work();
  return storage.run(new Store(parent.child({ queue, job_id: jobId })), work);
}
