import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThan, Repository } from 'typeorm';
import type { FieldDiff } from '../diffing/diff.types';
import { ChangeVisualEntity } from './change-visual.entity';
import { PageScreenshotEntity } from './page-screenshot.entity';

export type ImageSide = 'before' | 'after';

/** What a change's crops are made from: its alertable diffs and the fields of both captures. */
export interface ChangeForCrops {
  id: number;
  field_diffs: FieldDiff[];
  before_fields: unknown;
  after_fields: unknown;
}

/** What the evidence job reads of a screenshot to take: the page kept at the check, not the images. */
export type ScreenshotToTake = Pick<PageScreenshotEntity, 'id' | 'monitor_id' | 'snapshot_id' | 'page_url' | 'status' | 'html'>;

/** The visual evidence of a change without its images (what the change detail shows). */
export type VisualSummary = Pick<
  ChangeVisualEntity,
  'status' | 'reason' | 'before_width' | 'before_height' | 'after_width' | 'after_height'
>;

/**
 * Raw: both pending rows in one statement (data-modifying CTE), one round trip instead of a
 * transaction's four on every changed page. The change's row is inserted only when the screenshot
 * was (a snapshot recorded twice adds nothing) and only at a change (`$5` null at a baseline).
 */
const ADD_PENDING_SQL = `WITH shot AS (
   INSERT INTO page_screenshots (monitor_id, snapshot_id, page_url, html) VALUES ($1, $2, $3, $4)
   ON CONFLICT DO NOTHING
   RETURNING id),
 visual AS (
   INSERT INTO change_visuals (change_id) SELECT $5::bigint FROM shot WHERE $5::bigint IS NOT NULL
   ON CONFLICT DO NOTHING)
 SELECT id FROM shot`;

/**
 * Raw: the screenshot and its change's evidence unavailable in one statement (data-modifying
 * CTE), one round trip where reading the row, finding the change and two updates took four. The
 * change is the one recorded with the screenshot's snapshot; neither row is touched unless still
 * pending, and the change's only if the screenshot's was.
 */
const UNAVAILABLE_SQL = `WITH shot AS (
   UPDATE page_screenshots SET status = 'unavailable', reason = $2, html = NULL
    WHERE id = $1 AND status = 'pending'
   RETURNING snapshot_id)
 UPDATE change_visuals v SET status = 'unavailable', reason = $2
   FROM shot, changes c
  WHERE c.snapshot_id = shot.snapshot_id AND v.change_id = c.id AND v.status = 'pending'`;

@Injectable()
export class EvidenceRepository {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(PageScreenshotEntity) private readonly screenshots: Repository<PageScreenshotEntity>,
    @InjectRepository(ChangeVisualEntity) private readonly visuals: Repository<ChangeVisualEntity>,
  ) {}

  /**
   * A pending screenshot of a snapshot, and the pending evidence of its change when there is one;
   * null when that snapshot already had a screenshot (the same check recorded twice), and then
   * nothing is added.
   */
  async addPending(s: { monitorId: number; snapshotId: number; pageUrl: string; html: string | null; changeId: number | null }): Promise<number | null> {
    const [row] = await this.db.query(ADD_PENDING_SQL, [s.monitorId, s.snapshotId, s.pageUrl, s.html, s.changeId]);
    return row ? Number(row.id) : null;
  }

  /** A screenshot to take, read by a job that will shoot it (a job without Chromium reads nothing). */
  screenshot(id: number): Promise<ScreenshotToTake | null> {
    return this.screenshots.findOne({ select: { id: true, monitor_id: true, snapshot_id: true, page_url: true, status: true, html: true }, where: { id } });
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

  /**
   * The screenshot is unavailable for `reason` if still pending, and so is the evidence of the
   * change recorded with its snapshot if still pending; a screenshot taken or given up on
   * meanwhile is left as it is, with its change's evidence.
   */
  async unavailable(screenshotId: number, reason: string): Promise<void> {
    await this.db.query(UNAVAILABLE_SQL, [screenshotId, reason]);
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
