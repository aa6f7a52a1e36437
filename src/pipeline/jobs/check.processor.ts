import { Inject } from '@nestjs/common';
import { Semaphore } from '../../capture/fetch/semaphore';
import { inJobLogContext } from '../../common/logging';
import { isUnavailableError } from '../../common/unavailable';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { JobProcessor } from '../../queue/job-processor';
import type { QueueJob } from '../../queue/job-queue';
import { CheckJob, checkJobRuns, QUEUES } from '../../queue/queue.constants';
import { CheckRunner } from '../check-runner.service';

/** Consumes the checks queue; the work lives in CheckRunner. */
@JobProcessor(QUEUES.checks)
export class CheckProcessor implements JobProcessor<CheckJob> {
  /** Checks in flight in this process (WORKER_CONCURRENCY), whatever number of them each job carries. */
  private readonly slots: Semaphore;

  constructor(
    private readonly runner: CheckRunner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.slots = new Semaphore(config.workerConcurrency);
  }

  process(job: QueueJob<CheckJob>): Promise<void> {
    return inJobLogContext(QUEUES.checks, job.id, () => this.handle(job));
  }

  /**
   * Runs the job's checks side by side. When one fails, the job is tried again and takes over only
   * the runs it had claimed and not finished: a finished run is never run twice.
   */
  private async handle(job: QueueJob<CheckJob>): Promise<void> {
    const runIds = checkJobRuns(job.data);
    const owner = runIds[0];
    const outcomes = await Promise.allSettled(runIds.map((runId) => this.slots.run(() => this.runner.run(runId, owner))));
    const failed = runIds
      .map((runId, i) => ({ runId, outcome: outcomes[i] }))
      .flatMap(({ runId, outcome }) => (outcome.status === 'rejected' ? [{ runId, err: outcome.reason as Error }] : []));
    if (!failed.length) return;
    if (job.attemptsMade + 1 < job.attempts) throw failed[0].err;
    // An outage is not the check's fault: with no attempt left the run stays unfinished, and the
    // run sweep queues it again once Postgres and Redis are back. Nothing paid for ends failed.
    const outage = failed.find(({ err }) => isUnavailableError(err));
    for (const { runId, err } of failed) if (!isUnavailableError(err)) await this.runner.giveUp(runId, owner, err);
    if (outage) throw outage.err;
  }
}
