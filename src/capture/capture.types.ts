/**
 * Typed fields extracted from a captured page, one shape per monitor type.
 * Lists are keyed sets for diffing: the `key` of an item identifies it across versions.
 */
export const MONITOR_TYPES = [
  'pricing',
  'blog',
  'changelog',
  'docs',
  'homepage',
  'careers',
  'integrations',
  'custom',
] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];
export const DISCOVERY_TYPES = ['pricing', 'blog', 'changelog', 'docs', 'homepage'] as const;
export type DiscoveryType = (typeof DISCOVERY_TYPES)[number];

export type BillingPeriod = 'month' | 'year' | 'week' | 'day' | 'hour' | 'one_time' | 'unknown';

export interface PlanPrice {
  /** Numeric amount, e.g. 49 or 1.99; null for "contact sales" / custom. */
  amount: number | null;
  /** ISO 4217 code, e.g. USD, EUR; null when unknown. */
  currency: string | null;
  period: BillingPeriod;
  /** Per-unit wording such as "per user", "per GPU"; null when none. */
  unit: string | null;
  /** Original text the price was read from, e.g. "$49/mo per user". */
  text: string;
  /**
   * Billing cadence, when it is not the period: "$3 per month, billed annually" is 3 a month billed
   * `annually` (the rate as written; the customer pays 12 × 3 once a year). Absent when the price is
   * charged at its own period, so "$4 per month" beside it is another, diffable price.
   */
  billing?: 'annually';
}

export interface PricingPlan {
  key: string;
  name: string;
  /** Prices kept apart by billing period: a yearly price is never compared with a monthly one. */
  prices: PlanPrice[];
  features: string[];
  cta: string | null;
  contact_sales: boolean;
  free: boolean;
}

export interface PricingFields {
  plans: PricingPlan[];
  /** Usage-based line items outside plan cards (e.g. "L40S GPU: $2.50/hr"). */
  line_items: { key: string; label: string; price: PlanPrice }[];
  free_trial: string | null;
  billing_periods: BillingPeriod[];
  /**
   * The page's h1/h2 section headings in the main content, read as the docs outline is. Absent in
   * captures taken before sections were read: unknown, not "no sections".
   */
  sections?: DocsPage[];
}

export interface BlogPost {
  key: string;
  title: string;
  url: string | null;
  date: string | null;
  author: string | null;
  excerpt: string | null;
}
export interface BlogFields {
  posts: BlogPost[];
}

export interface ChangelogEntry {
  key: string;
  title: string;
  version: string | null;
  date: string | null;
  items: string[];
}
export interface ChangelogFields {
  entries: ChangelogEntry[];
}

export interface DocsPage {
  key: string;
  title: string;
  url: string | null;
  level: number;
}
export interface DocsFields {
  title: string | null;
  sections: DocsPage[];
  pages: DocsPage[];
}

export interface HomepageFields {
  headline: string | null;
  subheadline: string | null;
  ctas: string[];
  navigation: string[];
  announcement: string | null;
  customer_logos: string[];
  social_proof_counts: string[];
  testimonials: string[];
}

export interface CareersFields {
  openings: { key: string; title: string; location: string | null; team: string | null; url: string | null }[];
}

export interface IntegrationsFields {
  integrations: string[];
}

export interface CustomFields {
  title: string | null;
  headings: string[];
  text_blocks: string[];
}

export interface FieldsByType {
  pricing: PricingFields;
  blog: BlogFields;
  changelog: ChangelogFields;
  docs: DocsFields;
  homepage: HomepageFields;
  careers: CareersFields;
  integrations: IntegrationsFields;
  custom: CustomFields;
}
export type CaptureFields = FieldsByType[MonitorType];

/** Page metadata read during extraction; used by discovery and interpretation. */
export interface PageMeta {
  title: string | null;
  site_name: string | null;
  description: string | null;
  image: string | null;
  icon: string | null;
  lang: string | null;
  author: string | null;
  published_at: string | null;
}

export interface ExtractedPage {
  /** Clean markdown of the main content (no scripts, styles, cookie banners, navigation chrome). */
  markdown: string;
  fields: CaptureFields;
  meta: PageMeta;
  /** sha256 hex of the noise-normalised markdown + fields; equal hashes mean no change. */
  content_hash: string;
}
