import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { inJobLogContext } from '../../common/logging';
import { isUnavailableError } from '../../common/unavailable';
import { EvidenceJob, MAX_STALLED_COUNT, QUEUES, STALLED_INTERVAL_MS } from '../../queue/queue.constants';
import { EvidenceMaker } from '../evidence-maker.service';

/** Consumes the evidence queue; the work lives in EvidenceMaker. */
@Processor(QUEUES.evidence, { stalledInterval: STALLED_INTERVAL_MS, maxStalledCount: MAX_STALLED_COUNT })
export class EvidenceProcessor extends WorkerHost {
  constructor(private readonly maker: EvidenceMaker) {
    super();
  }

  process(job: Job<EvidenceJob>): Promise<void> {
    return inJobLogContext(QUEUES.evidence, job.id, () => this.handle(job));
  }

  private async handle(job: Job<EvidenceJob>): Promise<void> {
    try {
      await this.maker.make(job.data.screenshotId);
    } catch (err) {
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1) || isUnavailableError(err)) throw err;
      await this.maker.giveUp(job.data.screenshotId, err as Error);
    }
  }
}
