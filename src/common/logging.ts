import { DynamicModule, Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import pino, { Logger as Pino } from 'pino';
import type { AppConfig } from '../config/config';
import { lazyLogStore } from './log-context';
import { EVERY_ROUTE } from './rest-api';
import { RequestLogMiddleware, ROOT_LOGGER } from './request-log.middleware';

const PINO_LEVEL: Record<AppConfig['logLevel'], string> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** The process's root logger, set by `LoggingModule.forRoot`. */
let root: Pino | undefined;

/**
 * Every Nest log line goes through nestjs-pino: JSON lines, human-readable only on a TTY (DESIGN
 * §5c). Lines written while a request runs carry its id (`RequestLogMiddleware`), lines written
 * by a job its id (`inJobLogContext`). Global, so its middleware runs before every feature's.
 */
@Global()
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    root = pino({
      level: PINO_LEVEL[config.logLevel],
      transport: process.stdout.isTTY ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
    });
    return {
      module: LoggingModule,
      imports: [
        // nestjs-pino's own request middleware (pino-http) is replaced by RequestLogMiddleware,
        // which binds the same per-request logger at a fraction of the CPU (docs/benchmarks.md).
        LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true, forRoutes: [] }),
      ],
      providers: [{ provide: ROOT_LOGGER, useValue: root }, RequestLogMiddleware],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestLogMiddleware).forRoutes(EVERY_ROUTE);
  }
}

/** Runs a job's work with `job_id` (and its queue) on every log line it writes. */
export function inJobLogContext<T>(queue: string, jobId: string | undefined, work: () => Promise<T>): Promise<T> {
  const parent = storage.getStore()?.logger ?? root;
  if (!parent) return work();
  return storage.run(lazyLogStore(parent, { queue, job_id: jobId }), work);
}
