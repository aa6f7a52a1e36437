import { inJobLogContext } from '../../common/logging';
import { JobProcessor } from '../../queue/job-processor';
import type { QueueJob } from '../../queue/job-queue';
import { DiscoveryJob, QUEUES } from '../../queue/queue.constants';
import { DiscoveryService } from '../discovery.service';

/** Consumes the discovery queue; the work lives in DiscoveryService. */
@JobProcessor(QUEUES.discovery)
export class DiscoveryProcessor implements JobProcessor<DiscoveryJob> {
  constructor(private readonly discovery: DiscoveryService) {}

  process(job: QueueJob<DiscoveryJob>): Promise<void> {
    return inJobLogContext(QUEUES.discovery, job.id, () => this.handle(job));
  }

  private async handle(job: QueueJob<DiscoveryJob>): Promise<void> {
    try {
      await this.discovery.run(job.data.competitorId);
    } catch (err) {
      if (job.attemptsMade + 1 < job.attempts) throw err;
      await this.discovery.giveUp(job.data.competitorId, err as Error);
    }
  }
}
