import type { FieldDiff } from '../../diffing/diff.types';
import { itemKind } from './entry-facts';
import { squash } from './text';

/**
 * Enterprise and upmarket signals: what larger customers' security and procurement reviews ask
 * for. A competitor adding any of them is moving upmarket, whatever surface shows it (a plan
 * feature, a changelog entry, a docs page, a blog post, a nav item).
 */
const FEATURE_SIGNALS: Array<[string, RegExp]> = [
  ['SSO', /\b(?:sso|saml|single sign[- ]on)\b/i],
  ['SCIM', /\bscim\b/i],
  ['audit logs', /\baudit[- ](?:logs?|trails?|logging)\b/i],
  ['SOC 2', /\bsoc ?2\b/i],
  ['ISO 27001', /\biso[ /]?(?:iec )?27001\b/i],
  ['data residency', /\bdata residency\b|\b(?:eu|us) data (?:region|residency|hosting|cent(?:er|re)s?)\b/i],
  ['SLAs', /\bslas?\b|\buptime guarantee\b|\bservice level agreement\b/i],
];

/**
 * "Enterprise" is the subject of a name or title only when it leads it ("Enterprise",
 * "Acme Enterprise", "Introducing the Enterprise plan"); "on Business and Enterprise" is a mention
 * in passing and says nothing about a new plan.
 */
const ENTERPRISE_SUBJECT = /^(?:(?:introducing|announcing|launching|launched|meet|new:?)\s+)?(?:[\p{L}.]+\s+)?enterprise\b/iu;
const ENTERPRISE = 'an Enterprise plan';

/** The upmarket signals a name, title or feature names, in the order of the signal table. */
export function upmarketSignalsIn(text: string): string[] {
  const found = featureSignalsIn(text);
  return ENTERPRISE_SUBJECT.test(squash(text)) ? [...found, ENTERPRISE] : found;
}

/** The security and procurement features (SSO, SCIM, audit logs…) a list of plan features names. */
export function upmarketFeatures(features: readonly string[]): string[] {
  return FEATURE_SIGNALS.filter(([, pattern]) => features.some((feature) => pattern.test(feature))).map(([name]) => name);
}

function featureSignalsIn(text: string): string[] {
  return upmarketFeatures([text]);
}

/**
 * Signals added by alertable diffs (things that appeared or changed, never things removed), read
 * from what the new value is about: a string, or a post, entry, page or plan's title or name, a
 * plan's features and a release's items other than fixes. A post's excerpt and a release item only
 * mention things in passing, so they never make an Enterprise plan.
 */
export function upmarketSignals(diffs: readonly FieldDiff[]): string[] {
  const found = new Set<string>();
  for (const diff of diffs) {
    if (diff.tier !== 'alertable' || diff.op === 'removed' || diff.new === null) continue;
    for (const name of signalsOf(diff.new)) found.add(name);
  }
  return [...found];
}

function signalsOf(value: unknown): string[] {
  if (typeof value === 'string') return upmarketSignalsIn(value);
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const subject = ['title', 'name', 'label', 'text'].map((field) => record[field]).find((part) => typeof part === 'string');
  const details = [
    ...(Array.isArray(record.features) ? record.features : []),
    ...(Array.isArray(record.items) ? record.items : []).filter((item) => typeof item === 'string' && itemKind(item) !== 'fix'),
  ].filter((part): part is string => typeof part === 'string');
  const found = new Set([...(typeof subject === 'string' ? upmarketSignalsIn(subject) : []), ...details.flatMap(featureSignalsIn)]);
  return [...found];
}
