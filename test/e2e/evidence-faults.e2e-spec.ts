import { EvidenceMaker } from '../../src/evidence/evidence-maker.service';
import { EvidenceRepository } from '../../src/evidence/evidence.repository';
import { acmeInitialState, acmePages, AcmeState } from '../fixtures/sites/acme-site';
import { SiteServer } from '../fixtures/sites/site-server';
import { chromiumPath } from '../support/browser';
import { settledVisual } from '../support/evidence';
import { checkNow, waitForDiscovery, waitForIdleRuns } from '../support/pipeline';
import { createSession, createTestApp, Session, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Evidence never delays, fails or loses a change (DESIGN §5e): with no Chromium, or a screenshot
 * job that throws, the change is recorded and delivered as usual, and its evidence says why not.
 */
interface Fault {
  fault: string;
  env: Record<string, string>;
  breakJob(t: TestApp): void;
  reason: RegExp;
  /** Whether the check keeps the page for its screenshot: only where Chromium can render it. */
  keepsPage: boolean;
}

describe.each<Fault>([
  {
    fault: 'Chromium path pointing nowhere',
    env: { CHROMIUM_PATH: '/nonexistent/chromium' },
    breakJob: () => undefined,
    reason: /No Chromium/,
    keepsPage: false,
  },
  {
    fault: 'a screenshot job that throws',
    env: {},
    breakJob: (t) => void jest.spyOn(t.app.get(EvidenceMaker), 'make').mockRejectedValue(new Error('the screenshot exploded')),
    reason: /could not be taken: the screenshot exploded/,
    keepsPage: chromiumPath() !== null,
  },
])('visual evidence with $fault', ({ env, breakJob, reason, keepsPage }) => {
  let t: TestApp;
  let s: Session;
  let site: SiteServer;
  let receiver: WebhookReceiver;
  let state: AcmeState;
  let workspaceId: number;
  let pricingMonitor: number;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    site = await new SiteServer().start();
    state = acmeInitialState();
    site.setPages(acmePages(state));
    t = await createTestApp({ CHECK_MIN_INTERVAL_SECONDS: '0', ...env });
    breakJob(t);
    s = await createSession(t, 'pro');
    workspaceId = (await s.post('/workspaces', { name: 'Faults' }).expect(201)).body.workspace.id;
    await s.put(`/workspaces/${workspaceId}/notification_settings`, { webhook_url: receiver.url('realtime'), realtime_min_severity: 'low' }).expect(200);
    const added = await s.post(`/workspaces/${workspaceId}/competitors`, { url: site.url('/'), monitor_types: ['pricing'] }).expect(202);
    expect(await waitForDiscovery(s, added.body.competitor.id)).toBe('completed');
    await waitForIdleRuns(t.db, workspaceId);
    const detail = await s.get(`/competitors/${added.body.competitor.id}`).expect(200);
    pricingMonitor = detail.body.competitor.monitors[0].id;
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    await site?.stop();
    await receiver?.stop();
  });

  it('records and delivers the change, and its evidence says why it is unavailable', async () => {
    const pending = jest.spyOn(t.app.get(EvidenceRepository), 'addPending');
    state.plans[1].price = '$59';
    site.setPages(acmePages(state));
    expect((await checkNow(s, t.db, pricingMonitor)).status).toBe('changed');
    // Requested after the change commits, so possibly just after the run reads `changed`.
    const [[screenshot]] = await waitFor(async () => (pending.mock.calls.length ? pending.mock.calls : null), 'the screenshot requested');
    expect(screenshot.html).toEqual(keepsPage ? expect.stringContaining('$59') : null);
    const [change] = (await s.get(`/changes?workspace_id=${workspaceId}`).expect(200)).body.changes;
    const [hook] = await receiver.waitFor('realtime', 1);
    expect(hook.body).toMatchObject({ event: 'change.detected', data: { id: change.id, monitor_id: pricingMonitor } });
    expect((hook.body as { data: { evidence: object } }).data.evidence).not.toHaveProperty('visual');

    const visual = await settledVisual(s, change.id);
    expect(visual).toEqual({ status: 'unavailable', reason: expect.stringMatching(reason), before: null, after: null });
    await waitFor(
      async () => {
        const rows = await t.db.query(`SELECT status FROM webhook_deliveries WHERE workspace_id = $1 AND event = 'change.detected'`, [workspaceId]);
        return rows.length === 1 && rows[0].status === 'succeeded';
      },
      'the change.detected delivery recorded as succeeded',
    );
    expect((await s.get(`/changes/${change.id}`).expect(200)).body.change).toMatchObject({ id: change.id, summary: change.summary, review_status: 'unreviewed' });
    await s.get(`/changes/${change.id}/evidence/before.png`).expect(404);
  });
});
