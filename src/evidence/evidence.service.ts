import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AccountContext } from '../accounts/account-context';
import { notFound } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { InjectJobQueue, type JobQueue } from '../queue/job-queue';
import { EvidenceJob, jobIds, QUEUES } from '../queue/queue.constants';
import type { VisualDto } from './dto/visual.response';
import { EvidenceRepository, ImageSide } from './evidence.repository';
import { PageShotsService } from './page-shots.service';

/** Pages larger than this are not kept for the screenshot; the job loads the page's address instead. */
const MAX_STORED_HTML_BYTES = 2 * 1024 * 1024;

/** A check that will have visual evidence: a baseline (no change) or a recorded change. */
export interface EvidenceRequest {
  monitorId: number;
  snapshotId: number;
  changeId: number | null;
  pageUrl: string;
  html: string;
}

/**
 * Visual evidence (DESIGN §5e) as the rest of the service sees it: checks ask for it once their
 * outcome is committed, the change detail reads its state, the API and the application serve its
 * images. The screenshots and crops themselves are made by the evidence job (EvidenceMaker).
 */
@Injectable()
export class EvidenceService {
  private readonly logger = new Logger('Evidence');

  constructor(
    private readonly repository: EvidenceRepository,
    @InjectJobQueue(QUEUES.evidence) private readonly queue: JobQueue<EvidenceJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shots: PageShotsService,
  ) {}

  /**
   * Records a pending screenshot and queues its job. Never throws: evidence must not delay, fail
   * or lose the change it illustrates; without it the change's visual evidence is `unavailable`.
   *
   * The page as fetched is kept for the job only when this process can render it. Without
   * Chromium (`PageShotsService.isAvailable`: whether a binary was found at start, no browser is
   * launched to tell) the job marks the screenshot unavailable without reading the page, so
   * storing it would only send, compress and write up to 2 MB per change for nothing; a worker
   * with Chromium that takes the job renders the page from its address instead, as it does for
   * pages too large to keep.
   */
  async request(r: EvidenceRequest): Promise<void> {
    try {
      const html = this.shots.isAvailable() && Buffer.byteLength(r.html) <= MAX_STORED_HTML_BYTES ? r.html.replace(/\u0000/g, '') : null;
      const id = await this.repository.addPending({ ...r, html });
      if (id !== null) await this.queue.add(QUEUES.evidence, { screenshotId: id }, { jobId: jobIds.evidence(id) });
    } catch (err) {
      this.logger.warn(`no screenshot for snapshot ${r.snapshotId} of monitor ${r.monitorId}: ${(err as Error).message}`);
    }
  }

  /** `evidence.visual` of a change detail. */
  async visual(changeId: number): Promise<VisualDto> {
    const row = await this.repository.visualSummary(changeId);
    if (!row) return { status: 'unavailable', reason: 'No screenshot was taken for this change.', before: null, after: null };
    const image = (side: ImageSide, width: number | null, height: number | null) =>
      row.status === 'ready' && width !== null && height !== null
        ? { url: `${this.config.publicBaseUrl}/changes/${changeId}/evidence/${side}.png`, width, height }
        : null;
    return {
      status: row.status,
      reason: row.reason,
      before: image('before', row.before_width, row.before_height),
      after: image('after', row.after_width, row.after_height),
    };
  }

  /** A crop of one of the account's changes, once ready; 404 otherwise. */
  async image(account: AccountContext, changeId: number, side: ImageSide): Promise<Buffer> {
    const png = await this.repository.image(account.accountId, changeId, side);
    if (!png) throw notFound('evidence image');
    return png;
  }
}
