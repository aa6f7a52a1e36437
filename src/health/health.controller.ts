import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../common/public.decorator';
import { BackingServicesIndicator } from './backing-services.indicator';

/** Liveness and readiness for orchestrators, outside /v1 and without an API key (DESIGN §5c). */
@ApiTags('operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly services: BackingServicesIndicator,
  ) {}

  @Get('live')
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process is up and serving', description: 'Never touches Postgres or Redis.' })
  @ApiResponse({ status: 200, description: '`{status: "ok"}`' })
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness: Postgres reachable with migrations applied, Redis reachable when configured',
    description: 'Answers 503 with the failing checks under `error` while a backing service is down.',
  })
  @ApiResponse({ status: 200, description: 'Ready' })
  @ApiResponse({ status: 503, description: 'Not ready: `{status: "error", error: {...}, details: {...}}`' })
  ready(): Promise<HealthCheckResult> {
    return this.health.check([() => this.services.postgres(), () => this.services.migrations(), () => this.services.redisReady()]);
  }
}
