import { EvidenceMaker } from './evidence-maker.service';
import type { EvidenceRepository, ScreenshotToTake } from './evidence.repository';
import type { PageShot, PageShotsService } from './page-shots.service';

const ROW: ScreenshotToTake = { id: 11, monitor_id: 1, snapshot_id: 21, page_url: 'https://acme.test/pricing', status: 'pending', html: null };
const SHOT: PageShot = { image: Buffer.from('png'), pageHeight: 900, scale: 1, layout: [] };

function makerWith(o: { chromium: boolean; html?: string | null }) {
  const repository = {
    screenshot: jest.fn().mockResolvedValue({ ...ROW, html: o.html ?? null }),
    pendingChangeOf: jest.fn().mockResolvedValue(null),
    screenshotTaken: jest.fn().mockResolvedValue(undefined),
    unavailable: jest.fn().mockResolvedValue(undefined),
  };
  const shots = { isAvailable: () => o.chromium, shoot: jest.fn().mockResolvedValue(SHOT) };
  const maker = new EvidenceMaker(repository as unknown as EvidenceRepository, shots as unknown as PageShotsService);
  return { maker, repository, shots };
}

describe('EvidenceMaker.make', () => {
  it('without Chromium: the screenshot and its change’s evidence are unavailable, and nothing is read (test/e2e/evidence-rows)', async () => {
    const { maker, repository, shots } = makerWith({ chromium: false });
    await maker.make(ROW.id);
    expect(repository.unavailable).toHaveBeenCalledWith(ROW.id, 'No Chromium is installed to take screenshots.');
    expect(repository.screenshot).not.toHaveBeenCalled();
    expect(repository.pendingChangeOf).not.toHaveBeenCalled();
    expect(shots.shoot).not.toHaveBeenCalled();
  });

  it('with Chromium: shoots the page kept at the check, against its address', async () => {
    const { maker, repository, shots } = makerWith({ chromium: true, html: '<p>Pro $59</p>' });
    await maker.make(ROW.id);
    expect(shots.shoot).toHaveBeenCalledWith({ html: '<p>Pro $59</p>', baseUrl: ROW.page_url });
    expect(repository.screenshotTaken).toHaveBeenCalledWith(ROW.id, expect.objectContaining({ image: SHOT.image, page_height: 900 }));
  });

  it('with Chromium and no page kept: loads the page’s address', async () => {
    const { maker, shots } = makerWith({ chromium: true, html: null });
    await maker.make(ROW.id);
    expect(shots.shoot).toHaveBeenCalledWith({ url: ROW.page_url });
  });
});
