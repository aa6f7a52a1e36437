import type { AppConfig } from '../config/config';
import type { JobQueue } from '../queue/job-queue';
import { EvidenceJob, jobIds, QUEUES } from '../queue/queue.constants';
import type { EvidenceRepository } from './evidence.repository';
import { EvidenceService } from './evidence.service';
import type { PageShotsService } from './page-shots.service';

function evidenceWith(chromium: boolean) {
  const repository = { addPending: jest.fn().mockResolvedValue(7) };
  const queue = { add: jest.fn().mockResolvedValue(undefined) };
  const shots = { isAvailable: () => chromium };
  const evidence = new EvidenceService(
    repository as unknown as EvidenceRepository,
    queue as unknown as JobQueue<EvidenceJob>,
    {} as AppConfig,
    shots as unknown as PageShotsService,
  );
  return { evidence, repository, queue };
}

const request = { monitorId: 1, snapshotId: 2, changeId: 3, pageUrl: 'https://acme.test/pricing', html: '<html><body>Pro $59\u0000</body></html>' };

describe('EvidenceService.request', () => {
  it('keeps the page as fetched for the screenshot where Chromium can render it', async () => {
    const { evidence, repository, queue } = evidenceWith(true);
    await evidence.request(request);
    expect(repository.addPending).toHaveBeenCalledWith({ ...request, html: '<html><body>Pro $59</body></html>' });
    expect(queue.add).toHaveBeenCalledWith(QUEUES.evidence, { screenshotId: 7 }, { jobId: jobIds.evidence(7) });
  });

  it('keeps no page over 2 MB: the job loads its address', async () => {
    const { evidence, repository } = evidenceWith(true);
    await evidence.request({ ...request, html: 'x'.repeat(2 * 1024 * 1024 + 1) });
    expect(repository.addPending).toHaveBeenCalledWith(expect.objectContaining({ html: null }));
  });

  it('keeps no page without Chromium, and still queues the job that says why there is no screenshot', async () => {
    const { evidence, repository, queue } = evidenceWith(false);
    await evidence.request(request);
    expect(repository.addPending).toHaveBeenCalledWith({ ...request, html: null });
    expect(queue.add).toHaveBeenCalledWith(QUEUES.evidence, { screenshotId: 7 }, { jobId: jobIds.evidence(7) });
  });
});
