import type { ChangelogEntry } from '../../capture/capture.types';
import type { Signal } from './signals';
import { plural, squash } from './text';

/**
 * Release items sorted the way release notes label them ("New:", "Improved:", "Fixed:",
 * "Deprecated:") or, without a label, by their leading verb ("Add …", "Fix …").
 */
export type ItemKind = 'feature' | 'improvement' | 'fix' | 'removal' | 'other';

const KINDS: Array<[ItemKind, RegExp]> = [
  ['removal', /^(?:deprecat\w*|remov\w*|breaking(?: change)?s?|drop(?:ped|s)?|sunset\w*|discontinu\w*)\b/i],
  ['fix', /^(?:fix\w*|bug ?fix\w*|bugs?|resolv\w*|patch\w*|security fix\w*)\b/i],
  ['improvement', /^(?:improv\w*|enhanc\w*|updat\w*|chang\w*|perf\w*|faster|optimi[sz]\w*|better|upgrad\w*|refin\w*|switch\w*|mak\w*|allow\w*|tweak\w*|polish\w*)\b/i],
  ['feature', /^(?:new|add\w*|feat\w*|introduc\w*|launch\w*|implement\w*|support\w*|enabl\w*)\b/i],
];

export function itemKind(item: string): ItemKind {
  const text = squash(item).replace(/^[-*•·\s]+/, '');
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  return 'other';
}

export interface EntryFacts {
  version: string | null;
  /** What to call the release in a sentence: "3.8.0", "v4.3", or the entry's title. */
  name: string;
  counts: Record<ItemKind, number>;
  total: number;
}

const VERSION = /\bv?\d+(?:\.\d+)+(?:[-+][0-9a-z.]+)?\b/i;

export function entryFacts(entry: Partial<ChangelogEntry> | null | undefined, fallbackKey: string): EntryFacts {
  const items = (Array.isArray(entry?.items) ? entry.items : []).filter((item) => squash(item) !== '');
  const counts: Record<ItemKind, number> = { feature: 0, improvement: 0, fix: 0, removal: 0, other: 0 };
  for (const item of items) counts[itemKind(item)] += 1;
  const version = squash(entry?.version) || VERSION.exec(squash(entry?.title))?.[0] || VERSION.exec(fallbackKey)?.[0] || null;
  const name = version ?? (squash(entry?.title) || fallbackKey);
  return { version, name, counts, total: items.length };
}

/** "3 new features, 2 fixes"; items without a label are "changes"; all unlabelled → "16 changes". */
export function describeCounts(facts: EntryFacts): string {
  const { counts } = facts;
  const parts: string[] = [];
  if (counts.feature) parts.push(plural(counts.feature, 'new feature'));
  if (counts.improvement) parts.push(plural(counts.improvement, 'improvement'));
  if (counts.fix) parts.push(plural(counts.fix, 'fix', 'fixes'));
  if (counts.removal) parts.push(plural(counts.removal, 'removal or deprecation', 'removals or deprecations'));
  if (counts.other) parts.push(parts.length ? plural(counts.other, 'other change') : plural(counts.other, 'change'));
  return parts.join(', ');
}

/** True when a release takes more away than it adds: a deprecation notice, not a launch. */
export function isRetreat(facts: EntryFacts): boolean {
  return facts.counts.removal > 0 && facts.counts.removal >= facts.counts.feature + facts.counts.improvement;
}

/** Words that name an integration: a new one is capability, whatever its items are labelled. */
export const INTEGRATION = /\bintegrations?\b|\bconnectors?\b/i;

/** True when an entry launches something (its title reads as a launch) or adds an integration. */
export function announcesCapability(entry: Partial<ChangelogEntry> | null | undefined, signal: Signal | null): boolean {
  if (signal === 'launch' || INTEGRATION.test(squash(entry?.title))) return true;
  const items = Array.isArray(entry?.items) ? entry.items : [];
  return items.some((item) => INTEGRATION.test(squash(item)) && ['feature', 'other'].includes(itemKind(item)));
}
