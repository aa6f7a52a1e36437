import type { CareersFields } from '../capture/capture.types';
import { diffCareers } from './careers.differ';

type Opening = CareersFields['openings'][number];
const job = (key: string, extra: Partial<Opening> = {}): Opening => ({
  key,
  title: key,
  location: 'Remote',
  team: 'Engineering',
  url: `https://example.com/jobs/${key}`,
  ...extra,
});

describe('diffCareers', () => {
  it('reports a new opening and a closed one as alertable', () => {
    const diffs = diffCareers({ openings: [job('backend'), job('designer')] }, { openings: [job('ml-engineer'), job('backend')] });
    expect(diffs.map((d) => [d.op, d.change_type, d.path, d.tier])).toEqual([
      ['added', 'opening_added', 'openings[ml-engineer]', 'alertable'],
      ['removed', 'opening_removed', 'openings[designer]', 'alertable'],
    ]);
  });

  it('records a moved location as informational', () => {
    const diffs = diffCareers({ openings: [job('backend')] }, { openings: [job('backend', { location: 'Berlin' })] });
    expect(diffs).toEqual([
      {
        op: 'modified',
        change_type: 'opening_updated',
        path: 'openings[backend].location',
        tier: 'informational',
        old: 'Remote',
        new: 'Berlin',
      },
    ]);
  });

  it('alerts when an opening is retitled to another job at the same URL, not on a reworded title', () => {
    const tiers = (from: string, to: string) =>
      diffCareers({ openings: [job('backend', { title: from })] }, { openings: [job('backend', { title: to })] }).map((d) => d.tier);
    expect(tiers('Full Stack Javascript Engineer', 'Developer Advocate')).toEqual(['alertable']);
    expect(tiers('Senior Backend Engineer', 'Staff Backend Engineer')).toEqual(['informational']);
  });
});

