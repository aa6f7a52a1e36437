import { excerptRawDiff } from '../raw-diff-excerpt';
import type { RuleContext } from './context';
import { describeCounts, entryFacts } from './entry-facts';
import { formatAmount, formatMoney, formatPercent, styleOf, yearlyFigures } from './money';
import { withdrawalNotice } from './notices';
import { parsePath } from './paths';
import { signalOf } from './signals';
import { truncate } from './text';

describe('rule helpers', () => {
  it('cuts text at a word or sentence boundary with an ellipsis, never mid-word', () => {
    const text = 'Brightdesk now ships a help desk with admin controls for every team and audit logs for admins';
    expect(truncate(text, 40)).toBe('Brightdesk now ships a help desk with…');
    expect(truncate('Short text', 40)).toBe('Short text');
    expect(truncate('Orbitly started in 2019 with two founders. Today it is a team of 45 in Lisbon and London.', 60)).toBe(
      'Orbitly started in 2019 with two founders. …',
    );
    expect(truncate('Exactly forty characters of text, to cut', 33)).toBe('Exactly forty characters of text…');
  });

  it('reads diff paths whose keys contain brackets and dots', () => {
    expect(parsePath('plans[pro].prices[month].amount')).toEqual({ base: 'plans', key: 'pro', rest: 'prices[month].amount' });
    expect(parsePath('plans[team].features[Automations (1,000 runs/month)]')).toEqual({
      base: 'plans',
      key: 'team',
      rest: 'features[Automations (1,000 runs/month)]',
    });
    expect(parsePath('entries[v2.4.8 (Pre-release)].title')).toEqual({ base: 'entries', key: 'v2.4.8 (Pre-release)', rest: 'title' });
    expect(parsePath('customer_logos[Acme [beta]]')).toEqual({ base: 'customer_logos', key: 'Acme [beta]', rest: '' });
    expect(parsePath('headline')).toEqual({ base: 'headline', key: null, rest: '' });
  });

  it('writes money the way the page does', () => {
    expect(formatAmount(3600)).toBe('3,600');
    expect(formatAmount(2.5)).toBe('2.50');
    expect(formatAmount(0.025)).toBe('0.025');
    expect(formatMoney(49, styleOf({ currency: 'USD', text: '$49/mo' }))).toBe('$49');
    expect(formatMoney(1.99, styleOf({ currency: 'EUR', text: '1.99€' }))).toBe('1.99 €');
    expect(formatMoney(12, styleOf({ currency: 'EUR', text: '€12' }))).toBe('€12');
    expect(formatMoney(20, styleOf({ currency: 'CHF', text: '' }))).toBe('20 CHF');
    expect(formatPercent(-34.48)).toBe('-34%');
    expect(formatPercent(0.54)).toBe('+0.5%');
  });

  it('finds the monthly figure of a yearly price whether the extractor stored the total or the month', () => {
    expect(yearlyFigures({ amount: 17.88, period: 'year', text: '1.49€ /month (17.88€ /year)' })).toEqual({ perMonth: 1.49, quoted: true });
    expect(yearlyFigures({ amount: 420, period: 'year', text: '$35' })).toEqual({ perMonth: 35, quoted: true });
    expect(yearlyFigures({ amount: 1.49, period: 'year', text: '1.49€/month billed yearly' })).toEqual({ perMonth: 1.49, quoted: true });
    expect(yearlyFigures({ amount: 600, period: 'year', text: '$600 per year' })).toEqual({ perMonth: 50, quoted: false });
  });

  it('counts release items by their labels or leading verbs', () => {
    const facts = entryFacts({ version: '3.8.0', items: ['New: Preview environments', 'Add OpenTofu support', 'Improved: faster plans', 'Fixed: search', 'Docs typo'] }, '');

    expect(describeCounts(facts)).toBe('2 new features, 1 improvement, 1 fix, 1 other change');
  });

  it('tells what a post title announces, title before excerpt', () => {
    expect(signalOf('Stackpilot raises $40M Series B')).toBe('funding');
    expect(signalOf('Acme acquires Kubewise')).toBe('acquisition');
    expect(signalOf('How Zalando cut response times by 40% with Brightdesk')).toBe('customer_story');
    expect(signalOf('Introducing Acme AI', 'Available now on Pro and Business plans')).toBe('launch');
    expect(signalOf('What is a North Star metric?')).toBeNull();
  });

  it('reads a withdrawal notice added to a pricing page, but not one that only moved', () => {
    const ctx = (rawDiff: string) => ({ monitorType: 'pricing', rawDiff }) as RuleContext;
    const added = '@@ -1,2 +1,3 @@\n ## Support\n+## Discontinued Plans\n+Fly.io no longer offers plans to new customers. If you purchased a Launch plan, you can remain on it.';
    const moved = '@@ -1,3 +1,3 @@\n-Legacy plans are no longer offered to new customers.\n ## Support\n+Legacy plans are no longer offered to new customers.';

    expect(withdrawalNotice(ctx(added))).toEqual({ text: 'Fly.io no longer offers plans to new customers.' });
    expect(withdrawalNotice(ctx(moved))).toBeNull();
    expect(withdrawalNotice({ monitorType: 'docs', rawDiff: added } as RuleContext)).toBeNull();
  });

  it('keeps every changed line of a long diff and drops context first', () => {
    const context = Array.from({ length: 200 }, (_, i) => ` unchanged line ${i} ${'x'.repeat(40)}`);
    const raw = ['--- before', '+++ after', '@@ -1,200 +1,200 @@', ...context.slice(0, 100), '-$49/month', '+$59/month', ...context.slice(100)].join('\n');

    const excerpt = excerptRawDiff(raw, 500);

    expect(excerpt.length).toBeLessThanOrEqual(500);
    expect(excerpt).toContain('-$49/month\n+$59/month');
    expect(excerpt).not.toContain('unchanged line');
  });
});
