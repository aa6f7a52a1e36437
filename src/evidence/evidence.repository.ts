import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThan, Repository } from 'typeorm';
import type { FieldDiff } from '../diffing/diff.types';
import { ChangeVisualEntity } from './change-visual.entity';
import { PageScreenshotEntity } from './page-screenshot.entity';
import { transaction } from '../database/transaction-context';

export type ImageSide = 'before' | 'after';

/** What a change's crops are made from: its alertable diffs and the fields of both captures. */
export interface ChangeForCrops {
  id: number;
  field_diffs: FieldDiff[];
  before_fields: unknown;
  after_fields: unknown;
}

/** The visual evidence of a change without its images (what the change detail shows). */
export type VisualSummary = Pick<
  ChangeVisualEntity,
  'status' | 'reason' | 'before_width' | 'before_height' | 'after_width' | 'after_height'
>;

@Injectable()
export class EvidenceRepository {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(PageScreenshotEntity) private readonly screenshots: Repository<PageScreenshotEntity>,
    @InjectRepository(ChangeVisualEntity) private readonly visuals: Repository<ChangeVisualEntity>,
  ) {}

  /**
   * A pending screenshot of a snapshot, and the pending evidence of its change when there is one;
   * null when that snapshot already has a screenshot (the same check recorded twice).
   */
  async addPending(s: { monitorId: number; snapshotId: number; pageUrl: string; html: string | null; changeId: number | null }): Promise<number | null> {
    return transaction(this.db, async (manager) => {
      const { raw } = await manager
        .createQueryBuilder()
        .insert()
        .into(PageScreenshotEntity)
        .values({ monitor_id: s.monitorId, snapshot_id: s.snapshotId, page_url: s.pageUrl, html: s.html })
        .orIgnore()
        .returning(['id'])
        .execute();
      if (!raw[0]) return null;
      if (s.changeId !== null) {
        await manager.createQueryBuilder().insert().into(ChangeVisualEntity).values({ change_id: s.changeId }).orIgnore().execute();
      }
      return Number(raw[0].id);
    });
  }

  screenshot(id: number): Promise<PageScreenshotEntity | null> {
    return this.screenshots.findOneBy({ id });
  }

  /** The screenshot the next change of the monitor crops its `before` from: the latest taken before this snapshot. */
  previousScreenshot(monitorId: number, snapshotId: number): Promise<PageScreenshotEntity | null> {
    return this.screenshots.findOne({
      where: { monitor_id: monitorId, snapshot_id: LessThan(snapshotId), status: 'ready' },
      order: { snapshot_id: 'DESC' },
    });
  }

  /**
   * The change recorded with this snapshot, if its evidence is still to be made. Raw: the fields
   * of both snapshots as aliased jsonb columns beside the change, in one statement.
   */
  async pendingChangeOf(snapshotId: number): Promise<ChangeForCrops | null> {
    const [row] = await this.db.query(
      `SELECT c.id, c.field_diffs, b.fields AS before_fields, a.fields AS after_fields
         FROM changes c
         JOIN change_visuals v ON v.change_id = c.id AND v.status = 'pending'
         LEFT JOIN snapshots a ON a.id = c.snapshot_id
         LEFT JOIN snapshots b ON b.id = c.previous_snapshot_id
        WHERE c.snapshot_id = $1`,
      [snapshotId],
    );
    return row ?? null;
  }

  async screenshotTaken(id: number, shot: Pick<PageScreenshotEntity, 'image' | 'page_height' | 'scale' | 'layout' | 'duration_ms'>): Promise<void> {
    await this.screenshots.update({ id }, { ...shot, status: 'ready', reason: null, html: null });
  }

  async screenshotUnavailable(id: number, reason: string): Promise<void> {
    await this.screenshots.update({ id }, { status: 'unavailable', reason, html: null });
  }

  async visualReady(changeId: number, visual: Omit<ChangeVisualEntity, 'change_id' | 'status' | 'reason' | 'created_at'>): Promise<void> {
    await this.visuals.update({ change_id: changeId }, { ...visual, status: 'ready', reason: null });
  }

  async visualUnavailable(changeId: number, reason: string): Promise<void> {
    await this.visuals.update({ change_id: changeId }, { status: 'unavailable', reason });
  }

  visualSummary(changeId: number): Promise<VisualSummary | null> {
    return this.visuals.findOne({
      select: { status: true, reason: true, before_width: true, before_height: true, after_width: true, after_height: true },
      where: { change_id: changeId },
    });
  }

  /** A ready crop of a change of the account; null for another account's change or evidence not ready. */
  async image(accountId: number, changeId: number, side: ImageSide): Promise<Buffer | null> {
    const column = side === 'before' ? 'before_png' : 'after_png';
    const row = await this.visuals
      .createQueryBuilder('v')
      .select(`v.${column}`, 'png')
      .innerJoin('changes', 'c', 'c.id = v.change_id')
      .where(`v.change_id = :changeId AND c.account_id = :accountId AND v.status = 'ready'`, { changeId, accountId })
      .getRawOne<{ png: Buffer | null }>();
    return row?.png ?? null;
  }
}
