import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { inJobLogContext } from '../../common/logging';
import { DiscoveryJob, MAX_STALLED_COUNT, QUEUES, STALLED_INTERVAL_MS } from '../../queue/queue.constants';
import { DiscoveryService } from '../discovery.service';

/** Consumes the discovery queue; the work lives in DiscoveryService. */
@Processor(QUEUES.discovery, { stalledInterval: STALLED_INTERVAL_MS, maxStalledCount: MAX_STALLED_COUNT })
export class DiscoveryProcessor extends WorkerHost {
  constructor(private readonly discovery: DiscoveryService) {
    super();
  }

  process(job: Job<DiscoveryJob>): Promise<void> {
    return inJobLogContext(QUEUES.discovery, job.id, () => this.handle(job));
  }

  private async handle(job: Job<DiscoveryJob>): Promise<void> {
    try {
      await this.discovery.run(job.data.competitorId);
    } catch (err) {
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw err;
      await this.discovery.giveUp(job.data.competitorId, err as Error);
    }
  }
}
