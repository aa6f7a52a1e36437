import { opportunitiesToShow } from './opportunities-to-show';

describe('opportunitiesToShow', () => {
  it('leaves out low and info changes and those already under needs review', () => {
    const opportunities = [
      { change_id: 1, severity: 'high' as const },
      { change_id: 2, severity: 'low' as const },
      { change_id: 3, severity: 'medium' as const },
      { change_id: 4, severity: 'info' as const },
      { change_id: 5, severity: 'critical' as const },
    ];
    expect(opportunitiesToShow(opportunities, [{ change_id: 1 }]).map((o) => o.change_id)).toEqual([3, 5]);
  });
});
