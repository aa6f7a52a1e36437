import type { BlogPost, ChangelogEntry } from '../../capture/capture.types';
import type { FieldDiff } from '../../diffing/diff.types';
import { parsePath, parseSub, type ParsedPath } from './paths';
import { signalOf, type Signal } from './signals';

/**
 * Kinds of cluster: the unit a person reads ("the Pro plan", "the new yearly billing", "the hero"),
 * each with its own sentence writer, severity rule and advice.
 */
export type ClusterKind =
  | 'plan'
  | 'line_item'
  | 'billing'
  | 'trial'
  | 'post'
  | 'posts'
  | 'entry'
  | 'docs'
  | 'hero'
  | 'announcement'
  | 'ctas'
  | 'navigation'
  | 'logos'
  | 'testimonials'
  | 'counts'
  | 'openings'
  | 'integrations'
  | 'headings'
  | 'text'
  | 'title'
  | 'other';

/** One field diff as the rules see it: where it sits, which cluster it joins, what it announces. */
export interface Reading {
  index: number;
  diff: FieldDiff;
  alertable: boolean;
  path: ParsedPath;
  kind: ClusterKind;
  group: string;
  /** For new posts, entries, announcements, sections and headings: what the text announces. */
  signal: Signal | null;
}

export function readDiffs(diffs: readonly FieldDiff[]): Reading[] {
  return diffs
    .map((diff, index) => ({ diff, index }))
    .filter(({ diff }) => diff.tier !== 'noise')
    .map(({ diff, index }) => readDiff(diff, index));
}

function readDiff(diff: FieldDiff, index: number): Reading {
  const path = parsePath(diff.path);
  const [kind, group] = placeOf(diff, path);
  return { index, diff, alertable: diff.tier === 'alertable', path, kind, group, signal: signalFor(diff, kind) };
}

function placeOf(diff: FieldDiff, path: ParsedPath): [ClusterKind, string] {
  const key = path.key ?? '';
  switch (path.base) {
    case 'plans':
      // A new billing period is one decision across every plan ("yearly billing added"), not a plan change.
      if (diff.change_type === 'billing_period_added' || diff.change_type === 'billing_period_removed') {
        return ['billing', `billing:${periodOfPriceKey(parseSub(path.rest).key)}:${diff.op}`];
      }
      return ['plan', `plan:${key.toLowerCase()}`];
    case 'billing_periods':
      return ['billing', `billing:${key}:${diff.op}`];
    case 'line_items':
      // New or withdrawn price lines are one decision ("support packages added"); a price move stays per line.
      if (path.rest === '' && (diff.op === 'added' || diff.op === 'removed')) return ['line_item', `line:${diff.op}`];
      return ['line_item', `line:${key.toLowerCase()}`];
    case 'free_trial':
      return ['trial', 'trial'];
    case 'posts':
      // A post that announces something stands alone; ordinary articles are reported together.
      if (diff.change_type === 'post_added' && signalFor(diff, 'post')) return ['post', `post:${key}`];
      if (diff.change_type === 'post_updated') return ['post', `post:${key}`];
      return ['posts', 'posts'];
    case 'entries':
      return ['entry', `entry:${key}`];
    case 'sections':
    case 'pages':
      return ['docs', 'docs'];
    case 'title':
      return ['title', 'title'];
    case 'headline':
    case 'subheadline':
      return ['hero', 'hero'];
    case 'announcement':
      return ['announcement', 'announcement'];
    case 'ctas':
      return ['ctas', 'ctas'];
    case 'navigation':
      return ['navigation', 'navigation'];
    case 'customer_logos':
      return ['logos', 'logos'];
    case 'testimonials':
      return ['testimonials', 'testimonials'];
    case 'social_proof_counts':
      return ['counts', 'counts'];
    case 'openings':
      return ['openings', 'openings'];
    case 'integrations':
      return ['integrations', 'integrations'];
    case 'headings':
      return ['headings', 'headings'];
    case 'text_blocks':
      return ['text', 'text'];
    default:
      return ['other', `other:${path.base}`];
  }
}

function periodOfPriceKey(priceKey: string | null): string {
  return (priceKey ?? 'unknown').split(':')[0];
}

function signalFor(diff: FieldDiff, kind: ClusterKind): Signal | null {
  const value = diff.new ?? diff.old;
  if (kind === 'post' || kind === 'posts') {
    const post = value as Partial<BlogPost> | null;
    if (!post || typeof post !== 'object') return typeof value === 'string' ? signalOf(value) : null;
    return signalOf(post.title, post.excerpt);
  }
  if (kind === 'entry') {
    const entry = value as Partial<ChangelogEntry> | null;
    // Only the heading: release items mention billing or partners in passing all the time.
    if (entry && typeof entry === 'object') return signalOf(entry.title);
    return typeof value === 'string' ? signalOf(value) : null;
  }
  if (kind === 'announcement' || kind === 'headings' || kind === 'docs' || kind === 'hero') {
    const text = typeof value === 'string' ? value : ((value as { title?: string } | null)?.title ?? null);
    return signalOf(text);
  }
  return null;
}

/** Title text of a post, entry, page or plain string value, for sentences and keywords. */
export function titleOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as { title?: unknown; name?: unknown; label?: unknown };
    for (const field of [record.title, record.name, record.label]) if (typeof field === 'string') return field;
  }
  return '';
}
