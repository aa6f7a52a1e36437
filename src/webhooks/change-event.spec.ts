import { ChangeEventRow, toChangeDetectedData } from './change-event';

const row: ChangeEventRow = {
  id: 501,
  workspace_id: 1,
  workspace_name: 'PM tools',
  competitor_id: 3,
  competitor: 'Acme',
  monitor_id: 12,
  monitor_type: 'pricing',
  severity: 'high',
  summary: 'Acme raised Pro from $49 to $59.',
  why_it_matters: 'Room for a price-led pitch.',
  review_status: 'unreviewed',
  category: 'pricing',
  direction: 'advanced',
  delta: { added: 0, removed: 0 },
  field_diffs: [
    { op: 'updated', change_type: 'price_increased', path: 'plans[pro].price', tier: 'alertable', old: 49, new: 59, extra: 'internal' },
    { op: 'modified', change_type: 'feature_added', path: 'plans[pro].features', tier: 'informational', new: 'SSO' },
  ],
  evidence: {
    captured_at: '2026-11-22T09:00:03.000Z',
    previous_captured_at: '2026-11-21T09:00:03.000Z',
    diffs: [{ index: 0, op: 'updated', path: 'plans[pro].price', tier: 'alertable', change_type: 'price_increased', old: 49 }],
  },
  source_url: 'https://acme.example/pricing',
  raw_diff_available: false,
  created_at: new Date('2026-11-22T09:00:04.000Z'),
};

describe('change.detected data', () => {
  const data = toChangeDetectedData(row, 'https://api.example.com/v1');

  it('carries the spec’s fields in the spec’s order, and nothing else', () => {
    expect(Object.keys(data)).toEqual([
      'id',
      'workspace_id',
      'workspace_name',
      'competitor_id',
      'competitor',
      'monitor_id',
      'monitor_type',
      'severity',
      'summary',
      'why_it_matters',
      'review_status',
      'category',
      'direction',
      'delta',
      'field_diffs',
      'evidence',
      'source_url',
      'links',
      'raw_diff_available',
      'created_at',
    ]);
  });

  it('links to the change in the REST API', () => {
    expect(data.links).toEqual({ self: 'https://api.example.com/v1/changes/501' });
  });

  it('keeps full values in field_diffs and none in the evidence index', () => {
    expect(data.field_diffs).toEqual([
      { op: 'updated', path: 'plans[pro].price', tier: 'alertable', change_type: 'price_increased', old: 49, new: 59 },
      { op: 'modified', path: 'plans[pro].features', tier: 'informational', change_type: 'feature_added', old: null, new: 'SSO' },
    ]);
    expect(data.evidence).toEqual({
      captured_at: '2026-11-22T09:00:03.000Z',
      previous_captured_at: '2026-11-21T09:00:03.000Z',
      diffs: [{ op: 'updated', path: 'plans[pro].price', tier: 'alertable', change_type: 'price_increased' }],
    });
  });

  it('always gives delta its three counts', () => {
    expect(data.delta).toEqual({ added: 0, removed: 0, modified: 0 });
    expect(data.created_at).toBe('2026-11-22T09:00:04.000Z');
  });
});
