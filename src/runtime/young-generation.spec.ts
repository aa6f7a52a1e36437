import { getHeapSpaceStatistics } from 'node:v8';
import { enlargeYoungGeneration, YOUNG_GENERATION_SEMI_SPACE_MB } from './young-generation';

describe('enlargeYoungGeneration', () => {
  it('leaves a semi-space size chosen on the command line or in NODE_OPTIONS alone', () => {
    expect(enlargeYoungGeneration(['--max-semi-space-size=8'], '')).toBe(false);
    expect(enlargeYoungGeneration([], '--inspect --max_semi_space_size=8')).toBe(false);
  });

  it('lets the new space grow past the default 16 MB semi-spaces', () => {
    expect(enlargeYoungGeneration([], '--enable-source-maps')).toBe(true);
    // Short-lived garbage makes V8 grow the new space up to the new limit.
    let keep: object[] = [];
    for (let i = 0; i < 3_000_000; i++) {
      keep.push({ i });
      if (keep.length > 200_000) keep = [];
    }
    const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!;
    expect(newSpace.space_size).toBeGreaterThan(16 * 1024 * 1024);
    expect(newSpace.space_size).toBeLessThanOrEqual(YOUNG_GENERATION_SEMI_SPACE_MB * 1024 * 1024);
  });
});
