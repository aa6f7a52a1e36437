import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError, ErrorCode } from '../common/errors';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QueueDepth } from './queue-depth';
import { registry } from './metrics';

/** Prometheus metrics, outside /v1; asks for `Authorization: Bearer $METRICS_TOKEN` when it is set. */
@ApiExcludeController()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly queues: QueueDepth,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (this.config.metricsToken && authorization !== `Bearer ${this.config.metricsToken}`) {
      throw new DomainError(ErrorCode.Unauthorized, 'metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    await this.queues.refresh();
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  }
}
