import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { inJobLogContext } from '../../common/logging';
import { isUnavailableError } from '../../common/unavailable';
import { CheckJob, MAX_STALLED_COUNT, QUEUES, STALLED_INTERVAL_MS } from '../../queue/queue.constants';
import { CheckRunner } from '../check-runner.service';

/** Consumes the checks queue; the work lives in CheckRunner. */
@Processor(QUEUES.checks, { stalledInterval: STALLED_INTERVAL_MS, maxStalledCount: MAX_STALLED_COUNT })
export class CheckProcessor extends WorkerHost {
  constructor(private readonly runner: CheckRunner) {
    super();
  }

  process(job: Job<CheckJob>): Promise<void> {
    return inJobLogContext(QUEUES.checks, job.id, () => this.handle(job));
  }

  private async handle(job: Job<CheckJob>): Promise<void> {
    try {
      await this.runner.run(job.data.runId);
    } catch (err) {
      // An outage is not the check's fault: with no attempt left the run stays unfinished, and the
      // run sweep queues it again once Postgres and Redis are back. Nothing paid for ends failed.
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1) || isUnavailableError(err)) throw err;
      await this.runner.giveUp(job.data.runId, err as Error);
    }
  }
}
