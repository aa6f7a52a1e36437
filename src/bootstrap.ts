import { INestApplication, INestApplicationContext, Logger, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { AppModule, BackgroundModule } from './app.module';
import { AppConfig, runsApi } from './config/config';
import { typeIdsAsIntegers } from './common/swagger';
import { JobConsumers } from './queue/job-consumers.service';
import { setUpWebApp } from './app/web-setup';
import { API_PREFIX } from './common/rest-api';

/** Routes outside /v1: the web application, the MCP endpoint, and the operations endpoints orchestrators and Prometheus call. */
const OUTSIDE_API_PREFIX = [
  { path: 'app', method: RequestMethod.ALL },
  { path: 'app/{*path}', method: RequestMethod.ALL },
  { path: 'mcp', method: RequestMethod.ALL },
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
];

function setUpSwagger(app: INestApplication, config: AppConfig): void {
  const document = typeIdsAsIntegers(SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Rivalwatch API')
      .setDescription(
        'Competitor monitoring: workspaces, competitors, monitors, interpreted changes and digests. ' +
          'Every request needs `Authorization: Bearer <API_KEY>`. Errors are `{error: {code, message}}`.',
      )
      .setVersion('1.0')
      .addServer(config.publicBaseUrl)
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key' })
      .addSecurityRequirements('bearer')
      .build(),
    { ignoreGlobalPrefix: true },
  ));
  SwaggerModule.setup('docs', app, servedOutsidePrefix(document, config.publicBaseUrl), { jsonDocumentUrl: 'docs-json' });
}

/**
 * Health is served at the root, not under /v1, and needs no key: its paths get the server without
 * the prefix and no security, so "Try it out" reaches them instead of a 401 from /v1/health.
 */
function servedOutsidePrefix(document: OpenAPIObject, publicBaseUrl: string): OpenAPIObject {
  const root = publicBaseUrl.replace(new RegExp(`/${API_PREFIX}/?$`), '');
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/health/')) continue;
    item.servers = [{ url: root }];
    if (item.get) item.get.security = [];
  }
  return document;
}

/** Express settings of every HTTP server the process runs (DESIGN §5g). */
function configureExpress(app: NestExpressApplication, config: AppConfig): void {
  app.disable('x-powered-by');
  // Only an operator knows how many proxies stand in front; an https PUBLIC_BASE_URL does not say.
  app.set('trust proxy', config.trustProxy);
}

/** Builds the HTTP app (routes under /v1, Swagger at /docs, health and metrics outside) without listening. */
export async function createHttpApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(PinoNestLogger));
  configureExpress(app, config);
  app.setGlobalPrefix(API_PREFIX, { exclude: OUTSIDE_API_PREFIX });
  await setUpWebApp(app, config);
  setUpSwagger(app, config);
  return app;
}

/**
 * Starts the process for its ROLE: the API (with worker and scheduler when ROLE=all), or a
 * background role, which serves only /health and /metrics, on PORT when PORT is set.
 */
export async function start(config: AppConfig): Promise<INestApplicationContext> {
  const logger = new Logger('Rivalwatch');
  if (runsApi(config)) {
    const app = await createHttpApp(config);
    await app.listen(config.port);
    stopOnSignals(app, config);
    logger.log(`API on http://localhost:${config.port}/${API_PREFIX} (docs at /docs), role ${config.role}`);
    return app;
  }
  if (config.portSet) {
    const app = await NestFactory.create<NestExpressApplication>(BackgroundModule.forRoot(config), { bufferLogs: true, abortOnError: false });
    app.useLogger(app.get(PinoNestLogger));
    configureExpress(app, config);
    await app.listen(config.port);
    stopOnSignals(app, config);
    logger.log(`running role ${config.role}; health and metrics on port ${config.port}`);
    return app;
  }
  const context = await NestFactory.createApplicationContext(BackgroundModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  context.useLogger(context.get(PinoNestLogger));
  stopOnSignals(context, config);
  logger.log(`running role ${config.role}`);
  return context;
}

/**
 * SIGTERM/SIGINT (DESIGN §5c): stop accepting connections, let requests and jobs in flight finish
 * within SHUTDOWN_GRACE_SECONDS (the job consumers hand back what does not), close, exit 0.
 */
function stopOnSignals(app: INestApplicationContext, config: AppConfig): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const logger = new Logger('Rivalwatch');
    logger.log(`${signal}: stopping (grace ${config.shutdownGraceSeconds} s)`);
    const server = 'getHttpServer' in app ? (app as INestApplication).getHttpServer() : null;
    server?.close();
    server?.closeIdleConnections?.();
    // A last resort if something hangs past the grace period and the hand-back.
    setTimeout(() => process.exit(0), (config.shutdownGraceSeconds + 10) * 1000).unref();
    void (async () => {
      try {
        // Jobs handed back run again elsewhere; the checks still running here must not record a
        // late outcome (a fetcher closed under them would fail their runs), so exit at once.
        if (!(await app.get(JobConsumers).drain())) process.exit(0);
        await app.close();
        process.exit(0);
      } catch (err) {
        logger.error(`shutdown: ${(err as Error).message}`);
        process.exit(1);
      }
    })();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
