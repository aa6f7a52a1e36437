import type { ChangelogEntry } from '../../../capture/capture.types';
import { byScore, ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { announcesCapability, describeCounts, entryFacts, INTEGRATION, isRetreat, itemKind, type EntryFacts } from '../entry-facts';
import { SIGNAL_CATEGORY, STRATEGIC } from '../signals';
import { article, capitalise, listJoin, plural, quote, sentence, similarity, squash, truncate } from '../text';
import { upmarketSignalsIn } from '../upmarket';

/* Changelog entries: a new release with its version, item counts and most significant item; edits to old ones. */

/** A release, or edits to one. */
export function writeEntry(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const lead = byScore(cluster)[0];
  const key = lead.path.key ?? '';
  if (lead.diff.change_type === 'entry_added') {
    const entry = lead.diff.new as Partial<ChangelogEntry> | null;
    const facts = entryFacts(entry, key);
    const counts = describeCounts(facts);
    const retreat = isRetreat(facts);
    // Commit hashes and issue numbers ("(f144dae)", "(#1295)") mean nothing in a sentence.
    const items = (Array.isArray(entry?.items) ? entry.items : []).map((item) => squash(item).replace(/\s*\((?:[0-9a-f]{7,40}|#\d+)\)$/i, '')).filter(Boolean);
    const ranked = mostSignificantFirst(items);
    const highlights = ranked.slice(0, 3).map((item) => quote(withoutLabel(item), 70));
    // The most significant new item is what a reader wants named; counts alone do not say what shipped.
    const best = ranked.find((item) => itemKind(item) === 'feature' || upmarketSignalsIn(item).length > 0);
    const headline = namedEntry(facts, entry);
    let text: string;
    if (headline) {
      // "Launched SSO" is a headline, not a version: it reads as what the competitor did.
      const detail = best && similarity(withoutLabel(best), headline.title) < 0.8 ? `: ${truncate(withoutLabel(best), 90)}` : counts ? ` (${counts})` : '';
      text = `${c} ${headline.clause}${detail}`;
    } else {
      const including = best && !retreat ? `, including ${quote(withoutLabel(best), 80)}` : '';
      text = `${c} ${releasePhrase(facts.name)}${counts ? ` (${counts})` : ''}${including}`;
    }
    const name = headline ? quote(headline.title, 60) : facts.name;
    const capability = facts.counts.feature > 0 || Boolean(best) || announcesCapability(entry, lead.signal);
    return {
      sentence: sentence(text),
      headline: headline ? `${capitalise(headline.clause)}${counts ? `: ${counts}` : ''}` : `Release ${facts.name}${counts ? `: ${counts}` : ''}`,
      meaning: retreat ? `${c} is retiring functionality in ${name}.` : `${c} shipped ${name}.`,
      why: retreat
        ? `${c} is deprecating or removing functionality (${listJoin(highlights, 3)}); affected customers must migrate, and migrations are when they compare alternatives.`
        : capability
          ? `New capabilities in ${name} (${listJoin(highlights, 3)}) narrow or widen feature gaps prospects ask about.`
          : `${name} is maintenance${highlights.length ? ` (${listJoin(highlights, 3)})` : ''}: a sign of ${c}'s release pace rather than of new capability.`,
      action: retreat
        ? `Reach out to ${c} customers affected by the removals with a migration path to your product.`
        : capability
          ? `Review the new features against your roadmap and update the feature comparison where they close a gap.`
          : `No action needed; keep an eye on ${c}'s release cadence.`,
      category: lead.signal && lead.signal !== 'launch' ? SIGNAL_CATEGORY[lead.signal] : undefined,
      direction: retreat ? 'retreated' : undefined,
    };
  }
  const known = ctx.afterEntries?.find((entry) => entry.key === key) ?? null;
  const entryName = known ? entryFacts(known, key).name : entryFacts(null, key).version ?? null;
  const called = entryName ? releaseName(entryName) : 'an existing changelog entry';
  const itemEdits = ofType(cluster, 'entry_updated').filter((r) => r.path.rest.startsWith('items'));
  const items = itemEdits.filter((r) => r.diff.op === 'added');
  const withdrawn = itemEdits.filter((r) => r.diff.op === 'removed');
  const relabel = cluster.readings.find((r) => r.path.rest === 'title');
  const removed = ofType(cluster, 'entry_removed');
  if (relabel?.alertable) {
    const [from, to] = [squash(relabel.diff.old), squash(relabel.diff.new)];
    return {
      sentence: sentence(`${c} retitled the changelog entry ${quote(from, 70)} to ${quote(to, 70)}`),
      headline: `Entry retitled: ${quote(to, 60)}`,
      meaning: `${c} reframed a published release note.`,
      why: `A new title on the same entry (${quote(to, 80)}) shows how ${c} now wants the release understood.`,
      action: `Check whether your materials cite the old title ${quote(from, 60)} and update them.`,
    };
  }
  let clause: string;
  if (items.length > 0) {
    const count = items.length === 1 ? 'an item' : plural(items.length, 'item');
    clause = `added ${count} to ${called}: ${listJoin(items.map((r) => quote(String(r.diff.new), 70)), 2)}`;
  } else if (withdrawn.length > 0) {
    const count = withdrawn.length === 1 ? 'an item' : plural(withdrawn.length, 'item');
    clause = `removed ${count} from ${called}: ${listJoin(withdrawn.map((r) => quote(String(r.diff.old), 70)), 2)}`;
  } else if (relabel) {
    clause = `relabelled ${called} as ${quote(String(relabel.diff.new ?? ''), 70)}`;
  } else if (removed.length > 0) {
    clause = `removed ${called} from its changelog`;
  } else {
    clause = `edited ${called}`;
  }
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause),
    meaning: `Bookkeeping on an existing release.`,
    why: `Edits to an existing release note rarely change what ${c} offers.`,
    action: `No action needed.`,
  };
}

/** Items by significance: upmarket features (SSO, SCIM, audit logs…), then strategic ones, then new features, improvements, fixes. */
function mostSignificantFirst(items: string[]): string[] {
  const weight = (item: string) =>
    (upmarketSignalsIn(item).length > 0 ? 8 : 0) + (STRATEGIC.test(item) ? 4 : 0) + KIND_WEIGHT[itemKind(item)];
  return items.map((item, index) => ({ item, index, weight: weight(item) })).sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.item);
}

const KIND_WEIGHT: Record<ReturnType<typeof itemKind>, number> = { feature: 3, removal: 2, improvement: 1, other: 0.5, fix: 0 };

/** Past-tense verbs a changelog headline starts with ("Launched SSO", "Added audit logs"). */
const DONE = /^(?:launched|introduced|added|shipped|released|rolled out|opened|enabled|expanded|announced|made|brought)\b/i;
/** Present-tense openers that mean the same ("Introducing SSO", "New: SSO", "SSO is here"). */
const OPENERS: Array<[RegExp, string]> = [
  [/^(?:introducing|announcing|launching|meet)\s+/i, 'launched '],
  [/^new\s*:\s*/i, 'launched '],
];

/**
 * An entry without a version whose title is a headline rather than a date: what to say it did.
 * "Launched SSO" → "launched SSO"; "Introducing SSO" → "launched SSO"; "SSO for teams" →
 * "announced “SSO for teams” on its changelog". Null for versions and dates.
 */
function namedEntry(facts: EntryFacts, entry: Partial<ChangelogEntry> | null): { clause: string; title: string } | null {
  const title = squash(entry?.title);
  if (facts.version || !title || DATE_LIKE.test(title) || /^\d/.test(title)) return null;
  if (DONE.test(title)) return { clause: title[0].toLowerCase() + title.slice(1), title };
  for (const [opener, verb] of OPENERS) if (opener.test(title)) return { clause: verb + title.replace(opener, ''), title };
  const here = /^(.+?)\s+(?:is|are)\s+(?:here|now available|available now|live|generally available)\b/i.exec(title);
  if (here) return { clause: `launched ${here[1]}`, title };
  if (INTEGRATION.test(title) && title.split(' ').length <= 5) return { clause: `launched ${article(title)} ${title}`, title };
  return { clause: `announced ${quote(title, 80)} on its changelog`, title };
}

/** "3.8.0" → "version 3.8.0"; "March 3, 2025" → "its March 3, 2025 release"; "v2.4.9" reads as it is. */
function releaseName(name: string): string {
  if (DATE_LIKE.test(name)) return `its ${name} release`;
  return /^\d+(?:\.\d+)+/.test(name) ? `version ${name}` : name;
}

function releasePhrase(name: string): string {
  return DATE_LIKE.test(name) ? `published ${releaseName(name)}` : `released ${releaseName(name)}`;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b|^\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}$/i;

function withoutLabel(item: string): string {
  return squash(item).replace(/^(?:new|added|feature|features)\s*:\s*/i, '');
}
