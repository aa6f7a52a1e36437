import type { CaptureFields, FieldsByType, MonitorType } from '../capture/capture.types';
import type { FieldDiff } from './diff.types';
import { fieldDiff } from './field-diff';

/**
 * The silent-failure guard. Extractors have blind spots: a redesigned page, a layout never seen
 * before. When the typed fields come out empty, or at most half as many as last time, while the
 * page's text changed substantially, the field diffs cannot be trusted to have seen the change —
 * so the markdown difference itself becomes an alertable diff, and the gap is reported so the
 * check can log which extractor came up empty.
 */

/** Changed text (added plus removed, in meaningful lines) that counts as a substantial change. */
const SUBSTANTIAL_CHARS = 80;
const SUBSTANTIAL_LINES = 4;
/** How much of the changed text a gap diff carries on each side for the interpreter. */
const EXCERPT_CHARS = 1500;

export interface ExtractionGap {
  /** The extractor that came up empty: the monitor type. */
  extractor: MonitorType;
  before_items: number;
  after_items: number;
  changed_lines: number;
}

const count = (list: unknown[] | null | undefined) => list?.length ?? 0;
const present = (value: string | null | undefined) => (value ? 1 : 0);

const SIZE_OF: { [T in MonitorType]: (fields: FieldsByType[T]) => number } = {
  pricing: (f) => count(f.plans) + count(f.line_items),
  blog: (f) => count(f.posts),
  changelog: (f) => count(f.entries),
  docs: (f) => count(f.sections) + count(f.pages),
  homepage: (f) =>
    present(f.headline) + present(f.subheadline) + present(f.announcement) + count(f.ctas) + count(f.customer_logos) + count(f.social_proof_counts) + count(f.testimonials),
  careers: (f) => count(f.openings),
  integrations: (f) => count(f.integrations),
  custom: (f) => present(f.title) + count(f.headings) + count(f.text_blocks),
};

/** How many things the extractor found: plans, posts, entries, sections… */
export function extractedSize(type: MonitorType, fields: CaptureFields): number {
  return (SIZE_OF[type] as (f: CaptureFields) => number)(fields ?? ({} as CaptureFields));
}

function changedLines(rawDiff: string): { added: string[]; removed: string[] } {
  const added: string[] = [];
  const removed: string[] = [];
  for (const line of rawDiff.split('\n')) {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) continue;
    if (line.startsWith('+')) added.push(line.slice(1));
    else if (line.startsWith('-')) removed.push(line.slice(1));
  }
  return { added, removed };
}

export function findExtractionGap(type: MonitorType, before: CaptureFields, after: CaptureFields, rawDiff: string): ExtractionGap | null {
  if (!rawDiff) return null;
  const beforeItems = extractedSize(type, before);
  const afterItems = extractedSize(type, after);
  const blind = afterItems === 0 || afterItems * 2 <= beforeItems;
  if (!blind) return null;
  const { added, removed } = changedLines(rawDiff);
  const chars = [...added, ...removed].reduce((sum, line) => sum + line.trim().length, 0);
  const lines = added.length + removed.length;
  if (chars < SUBSTANTIAL_CHARS && lines < SUBSTANTIAL_LINES) return null;
  return { extractor: type, before_items: beforeItems, after_items: afterItems, changed_lines: lines };
}

/** The markdown difference as one alertable diff, the changed lines of each side as old and new. */
export function gapDiff(rawDiff: string): FieldDiff {
  const { added, removed } = changedLines(rawDiff);
  const excerpt = (lines: string[]) => (lines.length ? lines.join('\n').slice(0, EXCERPT_CHARS) : null);
  return fieldDiff('modified', 'content_changed', 'markdown', 'alertable', excerpt(removed), excerpt(added));
}
