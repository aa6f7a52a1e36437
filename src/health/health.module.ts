import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EVERY_ROUTE } from '../common/rest-api';
import { BackingServicesIndicator } from './backing-services.indicator';
import { HealthController } from './health.controller';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { MetricsController } from './metrics.controller';
import { QueueDepth } from './queue-depth';

/** `/health/live`, `/health/ready` and `/metrics`, served by every role that listens. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'pretty', logger: false })],
  controllers: [HealthController, MetricsController],
  providers: [BackingServicesIndicator, QueueDepth],
})
export class HealthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes(EVERY_ROUTE);
  }
}
