import { Injectable } from '@nestjs/common';
import { InjectJobQueue, isLive, type JobQueue } from '../queue/job-queue';
import { CheckJob, jobIds, QUEUES } from '../queue/queue.constants';
import { CheckContextRepository } from './check-context.repository';
import { ChecksService } from './checks.service';

/** Runs looked at per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 1000;
/**
 * A run started this many times without finishing is failed (`worker_lost`) instead of queued
 * again: its check keeps killing workers. Outages do not count: a check that cannot reach
 * Postgres is never started.
 */
export const RUN_MAX_STARTS = 12;

export interface SweepResult {
  requeued: number;
  failed: number;
}

/**
 * Postgres is the source of truth for pending work. A run still `pending` or `running` after
 * `ageSeconds` with no live job behind it (Redis restarted without its data, a job lost between
 * commit and queue, a worker that crashed past its retries, an embedded process restarted) is
 * queued again under its deterministic job id; a run started too often is failed instead.
 */
@Injectable()
export class RunSweep {
  constructor(
    private readonly contexts: CheckContextRepository,
    private readonly checks: ChecksService,
    @InjectJobQueue(QUEUES.checks) private readonly queue: JobQueue<CheckJob>,
  ) {}

  async sweep(ageSeconds: number): Promise<SweepResult> {
    const runs = await this.contexts.stranded(ageSeconds, SWEEP_BATCH);
    if (!runs.length) return { requeued: 0, failed: 0 };
    // A run's jobs: the one named after it, and the one that claimed it (which may carry several runs).
    // A pending run in a job still waiting behind others is not seen here and is queued twice: the
    // claim lets only one of the two jobs run it.
    const withJobs = await Promise.all(
      runs.map(async (run) => {
        const ids = [...new Set([run.id, run.job_id ?? run.id])].map(jobIds.check);
        return { run, jobs: await Promise.all(ids.map(async (id) => ({ id, state: await this.queue.getJobState(id) }))) };
      }),
    );
    const stranded = withJobs.filter(({ jobs }) => !jobs.some(({ state }) => isLive(state)));
    const lost = stranded.filter(({ run }) => run.attempts >= RUN_MAX_STARTS).map(({ run }) => run.id);
    const again = stranded.filter(({ run }) => run.attempts < RUN_MAX_STARTS);
    // A finished job keeps its id (completed or failed history): remove it so the id queues again.
    await Promise.all(again.flatMap(({ jobs }) => jobs.filter(({ state }) => state !== 'unknown').map(({ id }) => this.queue.remove(id))));
    await this.contexts.disown(again.map(({ run }) => run.id));
    await this.checks.enqueue(again.map(({ run }) => run.id));
    return { requeued: again.length, failed: await this.contexts.failLost(lost) };
  }
}
