import { INestApplication, INestApplicationContext, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule, BackgroundModule } from './app.module';
import { AppConfig, runsApi } from './config/config';

const LOG_LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  error: ['error', 'fatal'],
  warn: ['error', 'fatal', 'warn'],
  log: ['error', 'fatal', 'warn', 'log'],
  debug: ['error', 'fatal', 'warn', 'log', 'debug', 'verbose'],
};

export const API_PREFIX = 'v1';

function setUpSwagger(app: INestApplication, config: AppConfig): void {
  const document = SwaggerModule.createDocument(
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
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}

/** Builds the HTTP app (routes under /v1, Swagger at /docs) without listening. */
export async function createHttpApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), {
    bodyParser: false,
    logger: LOG_LEVELS[config.logLevel],
    abortOnError: false,
  });
  app.setGlobalPrefix(API_PREFIX);
  app.enableShutdownHooks();
  setUpSwagger(app, config);
  return app;
}

/** Starts the process for its ROLE: the API (with worker and scheduler when ROLE=all), or a background role. */
export async function start(config: AppConfig): Promise<INestApplicationContext> {
  if (runsApi(config)) {
    const app = await createHttpApp(config);
    await app.listen(config.port);
    new Logger('Rivalwatch').log(`API on http://localhost:${config.port}/${API_PREFIX} (docs at /docs), role ${config.role}`);
    return app;
  }
  const context = await NestFactory.createApplicationContext(BackgroundModule.forRoot(config), {
    logger: LOG_LEVELS[config.logLevel],
    abortOnError: false,
  });
  context.enableShutdownHooks();
  new Logger('Rivalwatch').log(`running role ${config.role}`);
  return context;
}
