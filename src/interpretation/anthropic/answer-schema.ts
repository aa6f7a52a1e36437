import { SEVERITIES, type Severity } from '../../common/severity';
import type { ChangeCategory, ChangeDirection } from '../../diffing/diff.types';
import type { ChangeCluster } from '../interpretation.types';
import { BANDS } from '../rules/severity';

/** What the model must return; everything else of an Interpretation is filled in by us. */
export interface ModelAnswer {
  severity: Severity;
  severity_score: number;
  category: ChangeCategory;
  direction: ChangeDirection;
  summary: string;
  why_it_matters: string;
  recommended_action: string | null;
  opportunity_score: number;
  clusters: ChangeCluster[];
  seo_keywords: string[];
}

export const CATEGORIES: readonly ChangeCategory[] = ['pricing', 'feature', 'content', 'partnership', 'social_proof', 'positioning', 'other'];
export const DIRECTIONS: readonly ChangeDirection[] = ['advanced', 'retreated', 'neutral'];

const LIMITS = { summary: 400, why: 1200, action: 800, headline: 200, meaning: 600, clusters: 30, keywords: 12, keyword: 80 };
export const MAX_KEYWORDS = 8;

/** JSON schema of the tool the model is made to call; the same rules are checked by hand below. */
export const ANSWER_SCHEMA = {
  type: 'object' as const,
  additionalProperties: false,
  required: [
    'severity',
    'severity_score',
    'category',
    'direction',
    'summary',
    'why_it_matters',
    'recommended_action',
    'opportunity_score',
    'clusters',
    'seo_keywords',
  ],
  properties: {
    severity: { type: 'string', enum: [...SEVERITIES] },
    severity_score: { type: 'integer', minimum: 0, maximum: 100 },
    category: { type: 'string', enum: [...CATEGORIES] },
    direction: { type: 'string', enum: [...DIRECTIONS] },
    summary: { type: 'string', minLength: 1, maxLength: LIMITS.summary, description: 'ONE factual sentence naming the competitor and the numbers.' },
    why_it_matters: { type: 'string', minLength: 1, maxLength: LIMITS.why },
    recommended_action: { type: ['string', 'null'], maxLength: LIMITS.action, description: 'null when nothing needs doing (info level).' },
    opportunity_score: { type: 'integer', minimum: 0, maximum: 100 },
    clusters: {
      type: 'array',
      maxItems: LIMITS.clusters,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['headline', 'meaning', 'diff_indexes'],
        properties: {
          headline: { type: 'string', minLength: 1, maxLength: LIMITS.headline },
          meaning: { type: 'string', maxLength: LIMITS.meaning },
          diff_indexes: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 0 } },
        },
      },
    },
    seo_keywords: { type: 'array', maxItems: LIMITS.keywords, items: { type: 'string', maxLength: LIMITS.keyword } },
  },
};

export type Validation = { ok: true; answer: ModelAnswer } | { ok: false; errors: string[] };

/**
 * Checks a model answer by hand (no schema library in the dependencies). Strict on anything a
 * client relies on — enums, integer ranges, indexes into field_diffs, non-empty texts — because a
 * failed check costs nothing: the rules interpretation is used instead.
 */
export function validateAnswer(value: unknown, diffCount: number): Validation {
  const errors: string[] = [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, errors: ['answer is not an object'] };
  const record = value as Record<string, unknown>;

  const severity = record.severity;
  if (!(SEVERITIES as readonly unknown[]).includes(severity)) errors.push(`severity ${JSON.stringify(severity)} is not one of ${SEVERITIES.join(', ')}`);
  const severityScore = score(record.severity_score, 'severity_score', errors);
  const opportunityScore = score(record.opportunity_score, 'opportunity_score', errors);
  if (!(CATEGORIES as readonly unknown[]).includes(record.category)) errors.push(`category ${JSON.stringify(record.category)} is not allowed`);
  if (!(DIRECTIONS as readonly unknown[]).includes(record.direction)) errors.push(`direction ${JSON.stringify(record.direction)} is not allowed`);
  const summary = text(record.summary, 'summary', LIMITS.summary, errors);
  const why = text(record.why_it_matters, 'why_it_matters', LIMITS.why, errors);
  let action: string | null = null;
  if (record.recommended_action !== null && record.recommended_action !== undefined) {
    action = text(record.recommended_action, 'recommended_action', LIMITS.action, errors);
  }
  const clusters = clustersOf(record.clusters, diffCount, errors);
  const keywords = keywordsOf(record.seo_keywords, errors);

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    answer: {
      severity: severity as Severity,
      // The label is what filters and digests use, so it wins; the score is moved into its band so the two never disagree.
      severity_score: intoBand(severity as Severity, severityScore),
      category: record.category as ChangeCategory,
      direction: record.direction as ChangeDirection,
      summary,
      why_it_matters: why,
      recommended_action: action,
      opportunity_score: opportunityScore,
      clusters,
      seo_keywords: keywords,
    },
  };
}

function score(value: unknown, field: string, errors: string[]): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) {
    errors.push(`${field} must be an integer from 0 to 100, got ${JSON.stringify(value)}`);
    return 0;
  }
  return value;
}

function text(value: unknown, field: string, max: number, errors: string[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.push(`${field} must be a non-empty string`);
    return '';
  }
  if (value.length > max) errors.push(`${field} is longer than ${max} characters`);
  return value.trim();
}

function clustersOf(value: unknown, diffCount: number, errors: string[]): ChangeCluster[] {
  if (!Array.isArray(value)) {
    errors.push('clusters must be an array');
    return [];
  }
  if (value.length > LIMITS.clusters) errors.push(`clusters has more than ${LIMITS.clusters} entries`);
  return value.map((entry, i) => {
    const cluster = (entry ?? {}) as Record<string, unknown>;
    const headline = text(cluster.headline, `clusters[${i}].headline`, LIMITS.headline, errors);
    const meaning = typeof cluster.meaning === 'string' ? cluster.meaning.trim() : '';
    if (typeof cluster.meaning !== 'string') errors.push(`clusters[${i}].meaning must be a string`);
    const indexes = cluster.diff_indexes;
    if (!Array.isArray(indexes) || indexes.length === 0) {
      errors.push(`clusters[${i}].diff_indexes must be a non-empty array`);
      return { headline, meaning, diff_indexes: [] };
    }
    for (const index of indexes) {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= diffCount) {
        errors.push(`clusters[${i}].diff_indexes has ${JSON.stringify(index)}, outside 0..${diffCount - 1}`);
      }
    }
    return { headline, meaning, diff_indexes: [...new Set(indexes as number[])].sort((a, b) => a - b) };
  });
}

function keywordsOf(value: unknown, errors: string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((keyword) => typeof keyword !== 'string')) {
    errors.push('seo_keywords must be an array of strings');
    return [];
  }
  const cleaned = (value as string[]).map((keyword) => keyword.trim().toLowerCase()).filter((keyword) => keyword && keyword.length <= LIMITS.keyword);
  return [...new Set(cleaned)].slice(0, MAX_KEYWORDS);
}

function intoBand(severity: Severity, value: number): number {
  const floor = BANDS.find(([name]) => name === severity)?.[1] ?? 0;
  const above = BANDS.filter(([, f]) => f > floor).map(([, f]) => f);
  const ceiling = above.length > 0 ? Math.min(...above) - 1 : 100;
  return Math.max(floor, Math.min(ceiling, value));
}
