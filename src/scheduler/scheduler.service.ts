import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron, SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ChecksService } from '../monitors/checks.service';
import { RunSweep } from '../monitors/run-sweep.service';
import { DeliveryAttempts } from '../webhooks/delivery-attempts.service';
import { DigestFlushService } from '../webhooks/digest-flush.service';
import { NotificationsService } from '../webhooks/notifications.service';
import { ScheduledRunsRepository } from '../monitors/scheduled-runs.repository';

export const CLAIM_BATCH = 5000;
/**
 * A tick's first claim takes this many due monitors, and each claim after it twice as many, up to
 * CLAIM_BATCH: the first checks are under way while the rest are claimed (500 monitors in one
 * statement kept every check of a round waiting 15 ms; docs/benchmarks.md, bench:peer).
 */
export const FIRST_CLAIM = 64;
const TICK = 'scheduler-tick';
const SWEEP = 'run-sweep';

/**
 * Every tick: enqueue the checks of due monitors, route changes
 * a dead worker left unannounced, flush closed digest windows into deliveries and re-queue lost
 * deliveries. Sending is left to the workers. The tick is an interval registered with
 * `SchedulerRegistry` (its period is `SCHEDULER_TICK_SECONDS`); digest windows close on whole UTC
 * hours, so a `@Cron` runs a tick at the top of every hour too. Two schedulers are safe: due
 * monitors are claimed with `FOR UPDATE SKIP LOCKED` and job ids are deterministic.
 * A second interval (`RUN_SWEEP_SECONDS`) queues again the runs whose job was lost (`RunSweep`).
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private ticking: Promise<void> | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly repository: ScheduledRunsRepository,
    private readonly runSweep: RunSweep,
    private readonly checks: ChecksService,
    private readonly digests: DigestFlushService,
    private readonly deliveries: DeliveryAttempts,
    private readonly notifications: NotificationsService,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => void this.tickOnce(), this.config.schedulerTickSeconds * 1000);
    timer.unref();
    this.registry.addInterval(TICK, timer);
    const sweeper = setInterval(() => void this.sweepOnce(), this.config.runSweepSeconds * 1000);
    sweeper.unref();
    this.registry.addInterval(SWEEP, sweeper);
    void this.tickOnce();
    void this.sweepOnce();
  }

  /** Digest windows close on the hour: flush them then rather than up to one tick later. */
  @Cron('0 0 * * * *', { name: 'digest-windows', waitForCompletion: true })
  async onTheHour(): Promise<void> {
    await this.tickOnce();
  }

  /** Stops ticking and lets a running tick finish before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const name of [TICK, SWEEP]) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    this.registry.getCronJob('digest-windows')?.stop();
    await Promise.all([this.ticking, this.sweeping]);
  }

  /** One run sweep; overlapping sweeps are skipped. */
  sweepOnce(): Promise<void> {
    this.sweeping ??= this.step('run sweep', async () => {
      const { requeued, failed } = await this.runSweep.sweep(this.config.runSweepAgeSeconds);
      if (requeued || failed) this.logger.log(`run sweep: queued ${requeued} runs again, failed ${failed} started too often`);
    }).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** One tick; overlapping ticks are skipped. Returns the number of checks enqueued. */
  tickOnce(): Promise<void> {
    this.ticking ??= this.tick()
      .catch((err) => this.logger.warn(`tick failed: ${(err as Error).message}`))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /**
   * Claims due monitors batch by batch, each twice the last (FIRST_CLAIM up to CLAIM_BATCH), and
   * queues their checks; the next batch is claimed in Postgres while the previous one is being
   * queued in Redis.
   */
  async enqueueDue(): Promise<number> {
    let total = 0;
    // The queuing of a batch is awaited only once the next claim is back: its failure is caught
    // at once (an unhandled rejection would end the process) and stops the loop then.
    let queued: Promise<Error | null> = Promise.resolve(null);
    for (let size = FIRST_CLAIM; ; size = Math.min(2 * size, CLAIM_BATCH)) {
      const runIds = await this.repository.claimDue(size);
      const failure = await queued;
      if (failure) throw failure;
      queued = this.checks.enqueue(runIds).then(
        () => null,
        (err: Error) => err,
      );
      total += runIds.length;
      if (runIds.length < size) {
        const last = await queued;
        if (last) throw last;
        return total;
      }
    }
  }

  private async tick(): Promise<void> {
    // Each step runs even when another fails: a stuck step must not stall the others.
    await this.step('scheduled checks', async () => {
      const enqueued = await this.enqueueDue();
      if (enqueued) this.logger.log(`enqueued ${enqueued} scheduled checks`);
    });
    // Changes a dead worker never routed, digest windows that closed since the last tick, and
    // deliveries whose queued attempt was lost.
    await this.step('notifications', async () => {
      const routed = await this.notifications.routePending();
      if (routed) this.logger.log(`routed ${routed} pending changes`);
    });
    await this.step('digests and deliveries', async () => {
      const digests = (await this.digests.flushDue()).filter((r) => r.status === 'sent').length;
      const recovered = await this.deliveries.recoverStalled();
      if (digests || recovered) this.logger.log(`flushed ${digests} digest windows, re-queued ${recovered} stalled deliveries`);
    });
  }

  private async step(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.logger.warn(`${name} failed this tick: ${(err as Error).message}`);
    }
  }
}
