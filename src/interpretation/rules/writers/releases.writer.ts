import type { ChangelogEntry } from '../../../capture/capture.types';
import { byScore, ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { describeCounts, entryFacts, isRetreat, itemKind } from '../entry-facts';
import { SIGNAL_CATEGORY } from '../signals';
import { capitalise, listJoin, plural, quote, sentence, squash } from '../text';

/* Changelog entries: a new release with its version, item counts and first new feature; edits to old ones. */

/** A release, or edits to one. */
export function writeEntry(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const lead = byScore(cluster)[0];
  const key = lead.path.key ?? '';
  if (lead.diff.change_type === 'entry_added') {
    const entry = lead.diff.new as Partial<ChangelogEntry> | null;
    const facts = entryFacts(entry, key);
    const counts = describeCounts(facts);
    const release = releasePhrase(facts.name);
    const retreat = isRetreat(facts);
    // Commit hashes and issue numbers ("(f144dae)", "(#1295)") mean nothing in a sentence.
    const items = (Array.isArray(entry?.items) ? entry.items : []).map((item) => squash(item).replace(/\s*\((?:[0-9a-f]{7,40}|#\d+)\)$/i, '')).filter(Boolean);
    const highlights = items.slice(0, 3).map((item) => quote(item, 70));
    // The first new feature is what a reader wants named; counts alone do not say what shipped.
    const firstFeature = items.find((item) => itemKind(item) === 'feature');
    const including = firstFeature && !retreat ? `, including ${quote(withoutLabel(firstFeature), 80)}` : '';
    return {
      sentence: sentence(`${c} ${release}${counts ? ` (${counts})` : ''}${including}`),
      headline: `Release ${facts.name}${counts ? `: ${counts}` : ''}`,
      meaning: retreat ? `${c} is retiring functionality in ${facts.name}.` : `${c} shipped ${facts.name}.`,
      why: retreat
        ? `${c} is deprecating or removing functionality (${listJoin(highlights, 3)}); affected customers must migrate, and migrations are when they compare alternatives.`
        : facts.counts.feature > 0
          ? `New capabilities in ${facts.name} (${listJoin(highlights, 3)}) narrow or widen feature gaps prospects ask about.`
          : `${facts.name} is maintenance${highlights.length ? ` (${listJoin(highlights, 3)})` : ''}: a sign of ${c}'s release pace rather than of new capability.`,
      action: retreat
        ? `Reach out to ${c} customers affected by the removals with a migration path to your product.`
        : facts.counts.feature > 0
          ? `Review the new features against your roadmap and update the feature comparison where they close a gap.`
          : `No action needed; keep an eye on ${c}'s release cadence.`,
      category: lead.signal && lead.signal !== 'launch' ? SIGNAL_CATEGORY[lead.signal] : undefined,
      direction: retreat ? 'retreated' : undefined,
    };
  }
  const entryName = entryFacts(null, key).name;
  const items = ofType(cluster, 'entry_updated').filter((r) => r.path.rest.startsWith('items') && r.diff.op === 'added');
  const relabel = cluster.readings.find((r) => r.path.rest === 'title');
  const removed = ofType(cluster, 'entry_removed');
  let clause: string;
  if (items.length > 0) {
    const count = items.length === 1 ? 'an item' : plural(items.length, 'item');
    clause = `added ${count} to ${releaseName(entryName)}: ${listJoin(items.map((r) => quote(String(r.diff.new), 70)), 2)}`;
  } else if (relabel?.alertable) {
    clause = `retitled the changelog entry ${quote(squash(relabel.diff.old), 70)} to ${quote(squash(relabel.diff.new), 70)}`;
  } else if (relabel) {
    clause = `relabelled ${releaseName(entryName)} as ${quote(String(relabel.diff.new ?? ''), 70)}`;
  } else if (removed.length > 0) {
    clause = `removed the ${entryName} entry from its changelog`;
  } else {
    clause = `edited the ${entryName} changelog entry`;
  }
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause),
    meaning: `Bookkeeping on an existing release.`,
    why: `Edits to an existing release note rarely change what ${c} offers.`,
    action: `No action needed.`,
  };
}

/** "3.8.0" → "version 3.8.0"; "March 3, 2025" → "its March 3, 2025 release"; "v2.4.9" reads as it is. */
function releaseName(name: string): string {
  if (DATE_LIKE.test(name)) return `its ${name} release`;
  return /^\d/.test(name) ? `version ${name}` : name;
}

function releasePhrase(name: string): string {
  return DATE_LIKE.test(name) ? `published ${releaseName(name)}` : `released ${releaseName(name)}`;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b|^\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}$/i;

function withoutLabel(item: string): string {
  return squash(item).replace(/^(?:new|added|feature|features)\s*:\s*/i, '');
}
