import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RetentionBatch, RetentionRepository } from '../monitors/retention.repository';

const TIMER = 'retention';

export interface RetentionResult {
  snapshotsDeleted: number;
  runsDeleted: number;
  screenshotsDeleted: number;
  /** Changes whose evidence images were dropped. */
  visualsExpired: number;
}

/**
 * Keeps check history bounded (RETENTION_* settings): every RETENTION_INTERVAL_MINUTES the
 * scheduler deletes snapshots no one needs any more, then runs past their retention, then
 * screenshots and change crops (evidence), in batches
 * of RETENTION_BATCH_SIZE rows, each its own short transaction. Two schedulers are safe: each
 * batch takes a transaction-scoped advisory lock, and a scheduler that finds it taken leaves the
 * pass to the other one.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private running: Promise<RetentionResult> | null = null;
  private stopping = false;

  constructor(
    private readonly repository: RetentionRepository,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => void this.runOnce(), this.config.retentionIntervalMinutes * 60_000);
    timer.unref();
    this.registry.addInterval(TIMER, timer);
  }

  /** Stops the timer and lets a batch in progress finish; the pass ends after it. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.registry.doesExist('interval', TIMER)) this.registry.deleteInterval(TIMER);
    await this.running;
  }

  /** One pass; a pass already under way is joined, not doubled. */
  runOnce(): Promise<RetentionResult> {
    this.running ??= this.pass()
      .catch((err) => {
        this.logger.warn(`retention pass failed: ${(err as Error).message}`);
        return { snapshotsDeleted: 0, runsDeleted: 0, screenshotsDeleted: 0, visualsExpired: 0 };
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<RetentionResult> {
    const { retentionRunsDays: runsDays, retentionSnapshotsDays: snapshotsDays, retentionBatchSize: limit } = this.config;
    // Snapshots first: a run deleted after its snapshot leaves no reference to clear.
    const snapshotsDeleted = snapshotsDays
      ? await this.sweep(await this.repository.snapshotsBoundary(snapshotsDays), (afterId, beforeId) =>
          this.repository.deleteSnapshots({ afterId, beforeId, days: snapshotsDays, limit }),
        )
      : 0;
    const runsDeleted = runsDays
      ? await this.sweep(await this.repository.runsBoundary(runsDays), (afterId, beforeId) =>
          this.repository.deleteRuns({ afterId, beforeId, days: runsDays, limit }),
        )
      : 0;
    const evidence = await this.evidencePass();
    if (snapshotsDeleted || runsDeleted) this.logger.log(`deleted ${snapshotsDeleted} snapshots and ${runsDeleted} runs past retention`);
    if (evidence.screenshotsDeleted || evidence.visualsExpired) {
      this.logger.log(`deleted ${evidence.screenshotsDeleted} screenshots and the images of ${evidence.visualsExpired} changes past retention`);
    }
    return { snapshotsDeleted, runsDeleted, ...evidence };
  }

  /** Screenshots and change crops past RETENTION_EVIDENCE_DAYS (DESIGN §5e). */
  private async evidencePass(): Promise<Pick<RetentionResult, 'screenshotsDeleted' | 'visualsExpired'>> {
    const { retentionEvidenceDays: days, retentionBatchSize: limit } = this.config;
    if (!days) return { screenshotsDeleted: 0, visualsExpired: 0 };
    const screenshotsDeleted = await this.sweep(await this.repository.screenshotsBoundary(days), (afterId, beforeId) =>
      this.repository.deleteScreenshots({ afterId, beforeId, days, limit }),
    );
    const visualsExpired = await this.sweep(await this.repository.visualsBoundary(days), (afterId, beforeId) =>
      this.repository.expireVisuals({ afterId, beforeId, days, limit }),
    );
    return { screenshotsDeleted, visualsExpired };
  }

  /** Walks ids below `beforeId` batch by batch; stops at the end, on shutdown, or when another scheduler holds the lock. */
  private async sweep(beforeId: number, batch: (afterId: number, beforeId: number) => Promise<RetentionBatch | null>): Promise<number> {
    let afterId = 0;
    let deleted = 0;
    while (!this.stopping) {
      const result = await batch(afterId, beforeId);
      if (!result || result.lastId === null) break;
      deleted += result.deleted;
      afterId = result.lastId;
    }
    return deleted;
  }
}
