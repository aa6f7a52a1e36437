/**
 * Small builders for the diffing specs: complete typed fields with only the parts a test is about
 * spelled out. Pure data, no test-framework imports, so the build can include it harmlessly.
 */
import type {
  BillingPeriod,
  BlogPost,
  ChangelogEntry,
  HomepageFields,
  PlanPrice,
  PricingFields,
  PricingPlan,
} from '../capture/capture.types';

export function price(amount: number | null, period: BillingPeriod = 'month', extra: Partial<PlanPrice> = {}): PlanPrice {
  return {
    amount,
    currency: 'USD',
    period,
    unit: null,
    text: amount === null ? 'Contact sales' : `$${amount}/${period}`,
    ...extra,
  };
}

export function plan(key: string, prices: PlanPrice[], extra: Partial<PricingPlan> = {}): PricingPlan {
  return {
    key,
    name: key.charAt(0).toUpperCase() + key.slice(1),
    prices,
    features: [],
    cta: 'Start free trial',
    contact_sales: false,
    free: false,
    ...extra,
  };
}

export function pricing(plans: PricingPlan[], extra: Partial<PricingFields> = {}): PricingFields {
  const periods = [...new Set(plans.flatMap((p) => p.prices.map((pr) => pr.period)))];
  return { plans, line_items: [], free_trial: null, billing_periods: periods, ...extra };
}

export function post(slug: string, extra: Partial<BlogPost> = {}): BlogPost {
  return {
    key: `/blog/${slug}`,
    title: slug.replace(/-/g, ' '),
    url: `https://example.com/blog/${slug}`,
    date: '2024-05-01',
    author: null,
    excerpt: null,
    ...extra,
  };
}

export function entry(version: string, items: string[], extra: Partial<ChangelogEntry> = {}): ChangelogEntry {
  return { key: version, title: version, version, date: '2024-05-01', items, ...extra };
}

export function homepage(extra: Partial<HomepageFields> = {}): HomepageFields {
  return {
    headline: 'Ship faster with Acme',
    subheadline: 'The platform for busy teams',
    ctas: ['Start free', 'Book a demo'],
    navigation: ['Product', 'Pricing', 'Blog'],
    announcement: null,
    customer_logos: ['Stripe', 'Shopify', 'Notion'],
    social_proof_counts: ['10,000 teams'],
    testimonials: [],
    ...extra,
  };
}
