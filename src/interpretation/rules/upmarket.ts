import type { FieldDiff } from '../../diffing/diff.types';
import { squash } from './text';

/**
 * Enterprise and upmarket signals: what larger customers' security and procurement reviews ask
 * for. A competitor adding any of them is moving upmarket, whatever surface shows it (a plan
 * feature, a changelog entry, a docs page, a blog post, a nav item).
 */
const SIGNALS: Array<[string, RegExp]> = [
  ['SSO', /\b(?:sso|saml|single sign[- ]on)\b/i],
  ['SCIM', /\bscim\b/i],
  ['audit logs', /\baudit[- ](?:logs?|trails?|logging)\b/i],
  ['SOC 2', /\bsoc ?2\b/i],
  ['ISO 27001', /\biso[ /]?(?:iec )?27001\b/i],
  ['data residency', /\bdata residency\b|\b(?:eu|us) data (?:region|residency|hosting|cent(?:er|re)s?)\b/i],
  ['SLAs', /\bslas?\b|\buptime guarantee\b|\bservice level agreement\b/i],
  ['an Enterprise plan', /\benterprise\b/i],
];

/** The upmarket signals a text names, in the order of SIGNALS. */
export function upmarketSignalsIn(text: string): string[] {
  return SIGNALS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/**
 * Signals added by alertable diffs (things that appeared or changed, never things removed),
 * read from the new value's text: a string, or a post, entry, page, plan or item's words.
 */
export function upmarketSignals(diffs: readonly FieldDiff[]): string[] {
  const found = new Set<string>();
  for (const diff of diffs) {
    if (diff.tier !== 'alertable' || diff.op === 'removed' || diff.new === null) continue;
    for (const name of upmarketSignalsIn(textOf(diff.new))) found.add(name);
  }
  return [...found];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return squash(value);
  if (!value || typeof value !== 'object') return '';
  const record = value as Record<string, unknown>;
  const parts = ['title', 'name', 'label', 'excerpt', 'text'].map((field) => record[field]);
  if (Array.isArray(record.items)) parts.push(...record.items);
  if (Array.isArray(record.features)) parts.push(...record.features);
  return parts.filter((part): part is string => typeof part === 'string').map(squash).join(' · ');
}
