import { inJobLogContext } from '../../common/logging';
import { isUnavailableError } from '../../common/unavailable';
import { JobProcessor } from '../../queue/job-processor';
import type { QueueJob } from '../../queue/job-queue';
import { EvidenceJob, QUEUES } from '../../queue/queue.constants';
import { EvidenceMaker } from '../evidence-maker.service';

/** Consumes the evidence queue; the work lives in EvidenceMaker. */
@JobProcessor(QUEUES.evidence)
export class EvidenceProcessor implements JobProcessor<EvidenceJob> {
  constructor(private readonly maker: EvidenceMaker) {}

  process(job: QueueJob<EvidenceJob>): Promise<void> {
    return inJobLogContext(QUEUES.evidence, job.id, () => this.handle(job));
  }

  private async handle(job: QueueJob<EvidenceJob>): Promise<void> {
    try {
      await this.maker.make(job.data.screenshotId);
    } catch (err) {
      if (job.attemptsMade + 1 < job.attempts || isUnavailableError(err)) throw err;
      await this.maker.giveUp(job.data.screenshotId, err as Error);
    }
  }
}
