import { severityRank } from '../common/severity';
import { apiDigestPlan, notificationDigestPlan } from './digest-plan';

const NOW = new Date('2026-11-22T09:30:00Z');

describe('digest plans (spec: notification digest versus API digest)', () => {
  it('covers the whole period up to now for the API, keeping high and critical in needs_review', () => {
    const plan = apiDigestPlan(4, '7d', NOW);
    expect(plan).toEqual({
      workspaceId: 4,
      period: '7d',
      generatedAt: NOW,
      windowStart: new Date('2026-11-15T09:30:00Z'),
      windowEnd: NOW,
      changes: { kind: 'period', from: new Date('2026-11-15T09:30:00Z'), to: NOW },
      needsReviewMinRank: severityRank('high'),
    });
    expect(apiDigestPlan(4, '30d', NOW).windowStart).toEqual(new Date('2026-10-23T09:30:00Z'));
    expect(apiDigestPlan(4, '1d', NOW).windowStart).toEqual(new Date('2026-11-21T09:30:00Z'));
  });

  it('covers only the buffered changes for digest.ready, keeping every unreviewed one', () => {
    const plan = notificationDigestPlan({
      workspaceId: 4,
      period: '1d',
      windowStart: new Date('2026-11-21T09:00:00Z'),
      windowEnd: new Date('2026-11-22T09:00:00Z'),
      changeIds: [3, 5, 8],
      now: NOW,
    });
    expect(plan.changes).toEqual({ kind: 'changes', ids: [3, 5, 8] });
    expect(plan.needsReviewMinRank).toBe(0);
    expect(plan.windowEnd).toEqual(new Date('2026-11-22T09:00:00Z'));
    expect(plan.generatedAt).toBe(NOW);
  });
});
