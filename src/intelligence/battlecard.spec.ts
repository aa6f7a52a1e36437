import { battlecardMarkdown } from './battlecard';
import type { CompetitorProfileDto } from './dto/competitor-profile.response';

const profile = (over: Partial<CompetitorProfileDto> = {}): CompetitorProfileDto => ({
  competitor_id: 3,
  name: 'Acme',
  homepage_url: 'https://acme.example/',
  logo_url: null,
  headline: 'Ship projects faster with Acme',
  plans: [
    {
      name: 'Pro',
      prices: [{ amount: 49, currency: 'USD', period: 'month', unit: 'per user' }],
      features: ['Unlimited projects'],
      free: false,
      contact_sales: false,
      changed_at: '2026-11-20T09:00:00.000Z',
    },
    { name: 'Enterprise', prices: [], features: ['SSO'], free: false, contact_sales: true, changed_at: null },
  ],
  price_range: { min: 49, max: 49, currency: 'USD', period: 'month' },
  recent_changes: [{ id: 9, severity: 'high', summary: 'Acme raised Pro to $59', monitor_type: 'pricing', created_at: '2026-11-20T09:00:00.000Z' }],
  releases_last_90_days: 2,
  posts_last_90_days: 3,
  last_release_at: '2026-10-10T00:00:00.000Z',
  last_post_at: '2026-10-02T00:00:00.000Z',
  surfaces: [{ monitor_id: 12, monitor_type: 'pricing', url: 'https://acme.example/pricing', status: 'active', last_checked_at: null }],
  ...over,
});

describe('battlecardMarkdown', () => {
  it('puts name, homepage, headline, plans and range, recent changes, cadence and pages on one page', () => {
    const md = battlecardMarkdown(profile());
    expect(md).toContain('# Acme — battlecard');
    expect(md).toContain('**Homepage:** <https://acme.example/>');
    expect(md).toContain('**Headline:** Ship projects faster with Acme');
    expect(md).toContain('**Price range:** 49 USD per month');
    expect(md).toContain('| Pro | 49 USD per month per user | Unlimited projects | 2026-11-20 |');
    expect(md).toContain('| Enterprise | Contact sales | SSO | — |');
    expect(md).toContain('- 2026-11-20 · **high** · pricing: Acme raised Pro to $59');
    expect(md).toContain('Releases in the last 90 days: 2 (latest 2026-10-10)');
    expect(md).toContain('Blog posts in the last 90 days: 3 (latest 2026-10-02)');
    expect(md).toContain('- pricing: <https://acme.example/pricing> (active, not checked yet)');
  });

  it('escapes page text so it cannot add links, cells or headings', () => {
    const md = battlecardMarkdown(profile({ headline: '# Best [deal](https://evil.example) | now', plans: [], price_range: null }));
    expect(md).toContain('**Headline:** \\# Best \\[deal\\]\\(https://evil.example\\) \\| now');
    expect(md).toContain('_No pricing page captured yet._');
    expect(md).toContain('**Price range:** no priced plan');
  });
});
