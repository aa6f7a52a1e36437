import { countIn, durationDays, isRoundedClaim } from './quantities';

describe('quantities', () => {
  it('reads counts with separators and scales', () => {
    expect(countIn('Trusted by 25,000+ support teams')).toBe(25000);
    expect(countIn('1.5M developers')).toBe(1_500_000);
    expect(countIn('500k installs')).toBe(500_000);
    expect(countIn('no numbers here')).toBeNull();
  });

  it('tells rounded claims from live counters', () => {
    expect(isRoundedClaim('10,000+ teams')).toBe(true);
    expect(isRoundedClaim('2M users')).toBe(true);
    expect(isRoundedClaim('99.9% uptime')).toBe(true);
    expect(isRoundedClaim('12,000 companies')).toBe(true);
    expect(isRoundedClaim('1,204,332 notes synced')).toBe(false);
  });

  it('reads trial lengths in days', () => {
    expect(durationDays('14-day free trial')).toBe(14);
    expect(durationDays('Free for 2 weeks')).toBe(14);
    expect(durationDays('1 month free')).toBe(30);
    expect(durationDays('Free trial')).toBeNull();
  });
});
