import { publicationCadence } from './publication-dates';

describe('publicationCadence', () => {
  const now = new Date('2026-11-25T15:00:00Z');

  it('counts the entries dated in the last 90 days and gives the newest date', () => {
    expect(publicationCadence(['2026-11-20', '2026-08-28', '2026-08-27', null], now, 90)).toEqual({
      count: 2,
      latest: '2026-11-20T00:00:00.000Z',
    });
  });

  it('ignores dates after today and undated entries', () => {
    expect(publicationCadence(['2027-01-01', null, 'soon'], now, 90)).toEqual({ count: 0, latest: null });
  });
});
