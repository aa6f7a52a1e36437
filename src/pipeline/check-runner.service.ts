import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChangesRepository } from '../changes/changes.repository';
import { retryingTransaction } from '../database/retrying-transaction';
import { PageCaptureService } from '../capture/page-capture.service';
import { SnapshotsRepository } from '../capture/snapshots.repository';
import type { CaptureFields, ExtractedPage } from '../capture/capture.types';
import { FetchError } from '../capture/fetch/fetch-error';
import { severityRank } from '../common/severity';
import { EvidenceService } from '../evidence/evidence.service';
import type { DiffResult } from '../diffing/diff.types';
import { INTERPRETER } from '../interpretation/interpretation.module';
import type { Interpretation, Interpreter } from '../interpretation/interpretation.types';
import { excerptRawDiff } from '../interpretation/raw-diff-excerpt';
import { NotificationsService } from '../webhooks/notifications.service';
import { CheckContext, CheckContextRepository } from '../monitors/check-context.repository';

const RAW_DIFF_EXCERPT_CHARS = 6000;
/** Thrown inside the change transaction to roll back its snapshot when the change exists already. */
class ChangeAlreadyRecorded extends Error {}

/**
 * One check, end to end: fetch → extract → compare with the previous snapshot → diff →
 * interpret → record the change → notify (DESIGN §4.3).
 */
@Injectable()
export class CheckRunner {
  private readonly logger = new Logger('CheckRunner');

  constructor(
    private readonly db: DataSource,
    private readonly contexts: CheckContextRepository,
    private readonly capture: PageCaptureService,
    private readonly snapshots: SnapshotsRepository,
    private readonly changes: ChangesRepository,
    @Inject(INTERPRETER) private readonly interpreter: Interpreter,
    private readonly notifications: NotificationsService,
    private readonly evidence: EvidenceService,
  ) {}

  /** Runs the check of `runId` for the job named after run `jobId` (see `CheckContextRepository.claim`). */
  async run(runId: number, jobId: number): Promise<void> {
    const ctx = await this.contexts.claim(runId, jobId);
    if (!ctx) return;
    try {
      await this.execute(ctx);
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      await this.contexts.finish(ctx, { status: 'failed', errorCode: err.code, errorMessage: err.message });
    }
  }

  /** Called by the processor when the job has no retries left, so the run does not stay `running`. */
  async giveUp(runId: number, jobId: number, err: Error): Promise<void> {
    const ctx = await this.contexts.claim(runId, jobId);
    if (!ctx) return;
    await this.contexts.finish(ctx, { status: 'failed', errorCode: 'internal_error', errorMessage: err.message });
  }

  private async execute(ctx: CheckContext): Promise<void> {
    const { monitor, previous } = ctx;
    // A page rendered in the browser can change while its document stays the same (a single-page
    // app loading its data): its validators say nothing about what the browser will show.
    const validated = previous && previous.fetched_via === 'http';
    const fetched = await this.capture.fetch(monitor.url, {
      renderMode: monitor.render_mode,
      conditional: validated ? { etag: monitor.http_etag, lastModified: monitor.http_last_modified } : undefined,
      lastRawHash: previous ? monitor.last_raw_hash : null,
    });
    const validators = { etag: fetched.etag, lastModified: fetched.lastModified, rawHash: fetched.bodyHash };
    // Most checks find nothing new: a 304 or an identical document ends here, before extraction.
    if (previous && fetched.unchanged) {
      await this.contexts.finish(ctx, { status: 'no_change', ...validators });
      return;
    }
    const page = await this.capture.extract(fetched, monitor.monitor_type, previous?.content_hash ?? null);
    if (previous && page.content_hash === previous.content_hash) {
      await this.contexts.finish(ctx, { status: 'no_change', ...validators });
      return;
    }
    if (!previous) {
      const baseline = await retryingTransaction(this.db, async () => {
        const snapshot = await this.saveSnapshot(ctx, page, fetched.status, fetched.via);
        await this.contexts.finish(ctx, { status: 'succeeded', snapshotId: snapshot, ...validators });
        return snapshot;
      });
      // The first screenshot: the `before` of the monitor's first change (DESIGN §5e).
      await this.evidence.request({ monitorId: monitor.id, snapshotId: baseline, changeId: null, pageUrl: fetched.url, html: fetched.html });
      return;
    }
    const before = await this.contexts.capture(previous.id);
    const diff = await this.capture.diff(monitor.monitor_type, before, page);
    if (diff.extraction_gap) {
      const gap = diff.extraction_gap;
      this.logger.warn(
        `extraction gap: the ${gap.extractor} extractor found ${gap.after_items} item(s) (previously ${gap.before_items}) on monitor ${monitor.id} ` +
          `and explained ${gap.changed_lines - gap.unexplained_lines} of ${gap.changed_lines} changed markdown line(s); the rest is reported as a content change`,
      );
    }
    const interpretation = diff.alertable ? await this.interpret(ctx, diff, before.fields, page) : null;
    const belowFloor = !interpretation || severityRank(interpretation.severity) < severityRank(monitor.min_severity);
    if (belowFloor) {
      // Informational differences and changes under the monitor's floor advance the baseline only.
      await retryingTransaction(this.db, async () => {
        const snapshot = await this.saveSnapshot(ctx, page, fetched.status, fetched.via);
        await this.contexts.finish(ctx, { status: 'no_change', snapshotId: snapshot, ...validators });
      });
      return;
    }
    const recorded = await retryingTransaction(this.db, async () => {
      const snapshot = await this.saveSnapshot(ctx, page, fetched.status, fetched.via);
      const id = await this.changes.insert({
        account_id: monitor.account_id,
        workspace_id: monitor.workspace_id,
        competitor_id: monitor.competitor_id,
        monitor_id: monitor.id,
        run_id: ctx.run.id,
        snapshot_id: snapshot,
        previous_snapshot_id: previous.id,
        monitor_type: monitor.monitor_type,
        severity: interpretation.severity,
        severity_rank: severityRank(interpretation.severity),
        severity_score: interpretation.severity_score,
        summary: interpretation.summary,
        why_it_matters: interpretation.why_it_matters,
        recommended_action: interpretation.recommended_action,
        opportunity_score: interpretation.opportunity_score,
        category: interpretation.category,
        direction: interpretation.direction,
        delta: diff.delta,
        field_diffs: diff.field_diffs,
        clusters: interpretation.clusters,
        evidence: {
          captured_at: new Date().toISOString(),
          previous_captured_at: new Date(previous.captured_at).toISOString(),
          diffs: diff.field_diffs.map((d, index) => ({ index, op: d.op, path: d.path, tier: d.tier, change_type: d.change_type })),
        },
        enrichment: interpretation.enrichment,
        interpreted_by: interpretation.interpreted_by,
        source_url: fetched.url,
        raw_diff: diff.raw_diff,
      });
      if (id === null) throw new ChangeAlreadyRecorded();
      await this.contexts.finish(ctx, { status: 'changed', snapshotId: snapshot, ...validators });
      return { id, snapshot };
    }).catch((err: unknown) => {
      if (err instanceof ChangeAlreadyRecorded) return null;
      throw err;
    });
    if (recorded === null) {
      // Another run already recorded (and announced) this very difference: its snapshot is the
      // monitor's baseline now, and this run adds nothing, not even a second webhook.
      await this.contexts.finish(ctx, { status: 'no_change', ...validators });
      return;
    }
    // After commit: evidence and webhooks never see a change that was rolled back. The screenshot
    // is only queued here (its job runs later), and a failure to queue it is logged, not thrown.
    await this.evidence.request({ monitorId: monitor.id, snapshotId: recorded.snapshot, changeId: recorded.id, pageUrl: fetched.url, html: fetched.html });
    await this.notifications.changeDetected(recorded.id);
  }

  private interpret(ctx: CheckContext, diff: DiffResult, beforeFields: CaptureFields, page: ExtractedPage): Promise<Interpretation> {
    return this.interpreter.interpret({
      competitor: ctx.competitor,
      monitor: { type: ctx.monitor.monitor_type, url: ctx.monitor.url, name: ctx.monitor.name },
      field_diffs: diff.field_diffs,
      category: diff.category,
      direction: diff.direction,
      delta: diff.delta,
      raw_diff_excerpt: excerptRawDiff(diff.raw_diff, RAW_DIFF_EXCERPT_CHARS),
      captured_at: new Date().toISOString(),
      previous_captured_at: ctx.previous ? new Date(ctx.previous.captured_at).toISOString() : null,
      before_fields: beforeFields,
      after_fields: page.fields,
    });
  }

  private saveSnapshot(
    ctx: CheckContext,
    page: ExtractedPage,
    httpStatus: number,
    via: string,
  ): Promise<number> {
    return this.snapshots.insert({
      monitor_id: ctx.monitor.id,
      run_id: ctx.run.id,
      url: ctx.monitor.url,
      content_hash: page.content_hash,
      fetched_via: via,
      http_status: httpStatus,
      markdown: this.capture.markdownToStore(page),
      fields: page.fields,
      meta: page.meta,
    });
  }
}
