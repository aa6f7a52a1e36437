import { diffCaptures } from './diff-captures';
import { interpretWithRules } from '../interpretation/rules.interpreter';

/** Railway's pricing docs state the trial grant in a sentence, not in a list or a table (corpus: pricing-railway-plans-pair). */
const trial = (amount: string) =>
  `## Free trial\n\nAs a new user, you can take the platform for a spin by starting a free trial. The trial gives access to basic features and includes a one-time grant of ${amount} for usage.\n`;
const side = (markdown: string) => ({ fields: { plans: [], line_items: [], free_trial: null, billing_periods: [] }, markdown });

describe('prices in running text', () => {
  it('reports an amount that moved inside a sentence as a price change named by its words', () => {
    const result = diffCaptures('pricing', side(trial('$5')), side(trial('$7')));
    const moves = result.field_diffs.filter((d) => d.change_type === 'price_increased');

    expect(moves).toEqual([
      expect.objectContaining({ path: 'line_items[includes a one-time grant of $5 for usage].price.amount', tier: 'alertable', old: expect.objectContaining({ amount: 5 }), new: expect.objectContaining({ amount: 7 }) }),
    ]);
    expect(result.field_diffs.some((d) => d.change_type === 'content_changed')).toBe(false);
  });

  it('keeps brackets out of the name, so the path keeps one key', () => {
    const line = (amount: string) => `## Notes\n\nEach seat beyond the plan costs ${amount} a month [see billing] for every workspace.\n`;
    const result = diffCaptures('pricing', side(line('$5')), side(line('$6')));
    expect(result.field_diffs.map((d) => d.path)).toEqual(['line_items[Each seat beyond the plan costs $5 a month see billing for every].price.amount']);
  });

  it('leaves a sentence reworded around the same price, or a price already reported, alone', () => {
    const reworded = diffCaptures('pricing', side(trial('$5')), side(trial('$5').replace('a one-time grant', 'a single grant')));
    expect(reworded.field_diffs.filter((d) => d.change_type.startsWith('price_'))).toEqual([]);
  });

  it('reads as a price change of the quoted phrase', () => {
    const result = diffCaptures('pricing', side(trial('$5')), side(trial('$7')));
    const interpretation = interpretWithRules({
      competitor: { name: 'Railway', domain: 'railway.app' },
      monitor: { type: 'pricing', url: 'https://docs.railway.app/reference/pricing', name: 'Railway pricing' },
      field_diffs: result.field_diffs,
      category: result.category,
      direction: result.direction,
      delta: result.delta,
      raw_diff_excerpt: result.raw_diff,
      captured_at: '2025-03-05T09:00:00.000Z',
      previous_captured_at: '2025-03-04T09:00:00.000Z',
    });
    expect(interpretation.summary).toContain('“includes a one-time grant of $5 for usage” price from $5 to $7');
  });
});
