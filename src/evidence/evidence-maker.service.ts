import { Injectable } from '@nestjs/common';
import { FetchError, isTransient } from '../capture/fetch/fetch-error';
import { changedTexts } from './changed-texts';
import type { ChangeVisualEntity } from './change-visual.entity';
import { ChangeForCrops, EvidenceRepository, ScreenshotToTake } from './evidence.repository';
import { Box, cropBox, locateRegion, TextBox } from './locate-region';
import { PAGE_WIDTH, PageShot, PageShotsService } from './page-shots.service';

/** Room left round the changed elements in a crop, and the smallest crop (some context for a one-word change). */
const CROP_PADDING = 24;
const MIN_CROP = { width: 480, height: 160 };

type VisualResult = { reason: string } | Omit<ChangeVisualEntity, 'change_id' | 'status' | 'reason' | 'created_at'>;

/**
 * The evidence job's work (DESIGN §5e): screenshot the page as fetched at the check, and at a
 * change crop the region that changed from this screenshot (`after`) and from the one kept at the
 * monitor's previous change or baseline (`before`). Everything is made before anything is saved,
 * so a retried job starts over cleanly.
 */
@Injectable()
export class EvidenceMaker {
  constructor(
    private readonly repository: EvidenceRepository,
    private readonly shots: PageShotsService,
  ) {}

  async make(screenshotId: number): Promise<void> {
    // Without Chromium nothing is read: not the screenshot's row, nor the page (which such a process
    // does not even store, EvidenceService.request), nor the change's diffs and fields.
    if (!this.shots.isAvailable()) return this.repository.unavailable(screenshotId, 'No Chromium is installed to take screenshots.');
    const row = await this.repository.screenshot(screenshotId);
    if (!row || row.status !== 'pending') return;
    const change = await this.repository.pendingChangeOf(row.snapshot_id);
    const started = performance.now();
    let shot: PageShot;
    try {
      shot = await this.shots.shoot(row.html !== null ? { html: row.html, baseUrl: row.page_url } : { url: row.page_url });
    } catch (err) {
      // A page that refuses to be rendered will refuse again; a crashed or busy browser may not.
      if (err instanceof FetchError && !isTransient(err)) return this.repository.unavailable(row.id, `The page could not be rendered: ${err.message}`);
      throw err;
    }
    const durationMs = Math.round(performance.now() - started);
    const visual = change ? await this.cropsFor(row, shot, change) : null;
    await this.repository.screenshotTaken(row.id, {
      image: shot.image,
      page_height: shot.pageHeight,
      scale: shot.scale,
      layout: shot.layout,
      duration_ms: durationMs,
    });
    if (change && visual) {
      if ('reason' in visual) await this.repository.visualUnavailable(change.id, visual.reason);
      else await this.repository.visualReady(change.id, visual);
    }
  }

  /** The job ran out of attempts: the evidence it was to make is unavailable, for that reason. */
  async giveUp(screenshotId: number, err: Error): Promise<void> {
    await this.repository.unavailable(screenshotId, `The screenshot could not be taken: ${err.message}`);
  }

  private async cropsFor(row: ScreenshotToTake, shot: PageShot, change: ChangeForCrops): Promise<VisualResult> {
    const started = performance.now();
    const previous = await this.repository.previousScreenshot(row.monitor_id, row.snapshot_id);
    if (!previous?.image || !previous.layout || previous.page_height === null) {
      return { reason: 'No earlier screenshot of this page to compare with.' };
    }
    const after = findRegion(shot.layout, changedTexts(change.field_diffs, 'after', change.after_fields));
    const before = findRegion(previous.layout, changedTexts(change.field_diffs, 'before', change.before_fields));
    if (before === 'not_found') return { reason: 'The changed text was not found on the earlier screenshot.' };
    if (after === 'not_found') return { reason: 'The changed text was not found on the rendered page.' };
    // An addition has nothing to find before it, a removal nothing after: the same spot is shown.
    const beforeRegion = before ?? after;
    const afterRegion = after ?? before;
    if (!beforeRegion || !afterRegion) return { reason: 'The change is not in text shown on the page.' };
    const beforeBox = cropBox(beforeRegion, { width: PAGE_WIDTH, height: previous.page_height }, CROP_PADDING, MIN_CROP);
    const afterBox = cropBox(afterRegion, { width: PAGE_WIDTH, height: shot.pageHeight }, CROP_PADDING, MIN_CROP);
    const [beforeCrop, afterCrop] = await this.shots.crop([
      { shot: { image: previous.image, pageHeight: previous.page_height }, box: beforeBox, outline: beforeRegion },
      { shot: { image: shot.image, pageHeight: shot.pageHeight }, box: afterBox, outline: afterRegion },
    ]);
    return {
      before_png: beforeCrop.png,
      before_width: beforeCrop.width,
      before_height: beforeCrop.height,
      before_box: beforeBox,
      after_png: afterCrop.png,
      after_width: afterCrop.width,
      after_height: afterCrop.height,
      after_box: afterBox,
      crop_ms: Math.round(performance.now() - started),
    };
  }
}

/** The region of the texts; null when there are none to look for, `not_found` when none is on the page. */
function findRegion(layout: TextBox[], texts: string[]): Box | null | 'not_found' {
  if (texts.length === 0) return null;
  return locateRegion(layout, texts) ?? 'not_found';
}
