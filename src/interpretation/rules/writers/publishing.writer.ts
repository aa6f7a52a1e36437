import type { BlogPost, ChangelogEntry } from '../../../capture/capture.types';
import { byScore, ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { describeCounts, entryFacts, isRetreat, itemKind } from '../entry-facts';
import { titleOf, type Reading } from '../readings';
import { SIGNAL_CATEGORY, SIGNAL_NOUN, STRATEGIC, type Signal } from '../signals';
import { capitalise, listJoin, plural, quote, sentence, squash } from '../text';

/* Blog posts, changelog entries, docs pages and sections, custom-page headings and text. */

/** One post that announces something: a launch, a deal, money, prices. */
export function writePost(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const reading = cluster.readings[0];
  const post = (reading.diff.new ?? reading.diff.old) as Partial<BlogPost> | null;
  const title = squash(post?.title) || squash(reading.path.key);
  if (reading.diff.change_type === 'post_updated') {
    const fields = listJoin(cluster.readings.map((r) => r.path.rest).filter(Boolean));
    return {
      sentence: sentence(`${c} edited the post ${quote(title)} (${fields || 'content'} changed)`),
      headline: `Post edited: ${quote(title, 60)}`,
      meaning: `An existing post was edited.`,
      why: `Edits to published posts rarely change the story; worth a glance only if the post is one you cite.`,
      action: `No action needed unless you reference this post.`,
    };
  }
  const signal = reading.signal as Signal;
  const verb = signal === 'customer_story' ? 'published' : 'announced';
  return {
    sentence: sentence(`${c} ${verb} ${SIGNAL_NOUN[signal]} on its blog: ${quote(title, 110)}`),
    headline: `${capitalise(SIGNAL_NOUN[signal].replace(/^an? /, ''))}: ${quote(title, 70)}`,
    meaning: signalMeaning(signal, c, title),
    why: signalWhy(signal, c, title, squash(post?.excerpt)),
    action: signalAction(signal, c, title),
    category: SIGNAL_CATEGORY[signal],
  };
}

function signalMeaning(signal: Signal, c: string, title: string): string {
  switch (signal) {
    case 'launch':
      return `${c} shipped something new: ${quote(title, 70)}.`;
    case 'pricing':
      return `${c} is changing its prices or plans.`;
    case 'funding':
      return `${c} has fresh capital to spend on sales and product.`;
    case 'acquisition':
      return `${c} is buying capabilities instead of building them.`;
    case 'partnership':
      return `${c} is borrowing a partner's reach and credibility.`;
    case 'customer_story':
      return `${c} has a new public reference customer.`;
    case 'compliance':
      return `${c} cleared a security or compliance bar.`;
    case 'deprecation':
      return `${c} is retiring something customers use.`;
  }
}

function signalWhy(signal: Signal, c: string, title: string, excerpt: string): string {
  const detail = excerpt ? ` ${quote(excerpt, 140)}` : '';
  switch (signal) {
    case 'launch':
      return `${c} launched ${quote(title, 80)}: a new capability prospects will ask you about.${detail}`;
    case 'pricing':
      return `${c} announced a pricing change (${quote(title, 80)}); deals in progress may be re-quoted against the new prices.${detail}`;
    case 'funding':
      return `New money usually means more sales hires, more ads and faster roadmap work at ${c}; expect more pressure in deals over the next quarters.${detail}`;
    case 'acquisition':
      return `The acquisition (${quote(title, 80)}) extends ${c}'s product and can change which deals it competes in.${detail}`;
    case 'partnership':
      return `The partnership (${quote(title, 80)}) gives ${c} a distribution channel and an integration story you may not have.${detail}`;
    case 'customer_story':
      return `${c} can now point prospects in that customer's segment to a public success story.${detail}`;
    case 'compliance':
      return `The certification removes an objection security teams raise against ${c} in larger deals.${detail}`;
    case 'deprecation':
      return `Customers of what ${c} retires must migrate, which is a moment they also compare alternatives.${detail}`;
  }
}

function signalAction(signal: Signal, c: string, title: string): string {
  switch (signal) {
    case 'launch':
      return `Read the announcement, compare it with your roadmap and give sales a one-line answer to "${title.slice(0, 60)}".`;
    case 'pricing':
      return `Read ${c}'s pricing announcement and update the comparison page and battlecards before the change takes effect.`;
    case 'funding':
      return `Brief sales that ${c} will push harder; refresh the battlecard and watch ${c}'s hiring and ad spend.`;
    case 'acquisition':
      return `Assess what the acquired product adds to ${c} and whether it overlaps your roadmap; prepare a positioning answer.`;
    case 'partnership':
      return `Check whether you integrate with the same partner, and prepare an answer for deals where the partnership comes up.`;
    case 'customer_story':
      return `Check whether the featured customer's segment overlaps your pipeline and prepare a counter-reference.`;
    case 'compliance':
      return `Make sure your own security and compliance claims are as visible as ${c}'s.`;
    case 'deprecation':
      return `Offer a migration path to customers affected by ${c}'s deprecation.`;
  }
}

/** Ordinary articles, added or removed, reported together. */
export function writePosts(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'post_added').map((r) => postTitle(r));
  const removed = ofType(cluster, 'post_removed').map((r) => postTitle(r));
  const clauses: string[] = [];
  if (added.length === 1) clauses.push(`published a new blog post: ${quote(added[0], 110)}`);
  if (added.length > 1) clauses.push(`published ${added.length} new blog posts: ${listJoin(added.map((t) => quote(t, 70)), 3)}`);
  if (removed.length === 1) clauses.push(`removed the post ${quote(removed[0], 110)}`);
  if (removed.length > 1) clauses.push(`removed ${removed.length} posts: ${listJoin(removed.map((t) => quote(t, 70)), 3)}`);
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: added.length ? `New post${added.length > 1 ? 's' : ''}: ${listJoin(added.map((t) => quote(t, 50)), 2)}` : `Post${removed.length > 1 ? 's' : ''} removed`,
    meaning: added.length ? `${c} is producing content on ${listJoin(added.map((t) => quote(t, 50)), 2)}.` : `${c} took content down.`,
    why: added.length
      ? `Articles show which topics and searches ${c} wants to own; they compete with your content for the same readers.`
      : `Removed posts usually drop off a paginated index; occasionally a retracted story is telling.`,
    action: added.length
      ? `Check whether you rank for the topics of these posts and plan a stronger piece where you do not.`
      : `No action needed unless the removed post was one you cite.`,
  };
}

function postTitle(reading: Reading): string {
  const post = (reading.diff.new ?? reading.diff.old) as Partial<BlogPost> | string | null;
  return squash(typeof post === 'string' ? post : post?.title) || squash(reading.path.key);
}

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
    const highlights = (entry?.items ?? []).slice(0, 3).map((item) => quote(item, 70));
    // The first new feature is what a reader wants named; counts alone do not say what shipped.
    const firstFeature = (entry?.items ?? []).find((item) => itemKind(item) === 'feature');
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

export function writeDocs(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const clauses: string[] = [];
  const describe = (type: string, verb: string, noun: string, nouns: string) => {
    const titles = ofType(cluster, type).map((r) => squash(titleOf(r.diff.new ?? r.diff.old)) || squash(r.path.key));
    if (titles.length === 1) clauses.push(`${verb} the ${noun} ${quote(titles[0], 80)}`);
    if (titles.length > 1) clauses.push(`${verb} ${titles.length} ${nouns}: ${listJoin(titles, 4)}`);
    return titles;
  };
  const addedPages = describe('page_added', 'added', 'docs page', 'docs pages');
  const addedSections = describe('section_added', 'added', 'docs section', 'docs sections');
  const removedPages = describe('page_removed', 'removed', 'docs page', 'docs pages');
  const removedSections = describe('section_removed', 'removed', 'docs section', 'docs sections');
  const retitled = ofType(cluster, 'title_changed');
  if (retitled.length > 0 && clauses.length === 0) {
    const first = retitled[0];
    clauses.push(`retitled the docs page ${quote(String(first.diff.old ?? ''), 60)} as ${quote(String(first.diff.new ?? ''), 60)}`);
  }
  const added = [...addedPages, ...addedSections];
  const removed = [...removedPages, ...removedSections];
  const strategic = [...added, ...removed].filter((title) => STRATEGIC.test(title));
  const lead = byScore(cluster)[0];
  const retreat = removed.length > added.length;
  return {
    sentence: sentence(`${c} ${listJoin(clauses, 3)}`),
    headline: capitalise(clauses[0] ?? 'Docs changed'),
    meaning: retreat
      ? `${c} retired documentation for ${listJoin(removed.slice(0, 2))}.`
      : `${c} documented ${listJoin(added.slice(0, 2)) || 'changes'}.`,
    why: retreat
      ? `Docs that disappear usually mean a retired API or feature (${listJoin(removed.slice(0, 2))}); customers built on it must migrate.`
      : `New documentation (${listJoin(added.slice(0, 3))}) usually ships with a new capability${strategic.length ? `, here an enterprise-relevant one` : ''}; prospects will find it when comparing.`,
    action: retreat
      ? `Check whether ${c} is retiring something your product still supports, and tell affected prospects.`
      : `Read the new pages to learn what ${c} shipped and update the feature comparison.`,
    // New or retired docs pages describe product capability, so they read as feature news.
    category: lead.diff.change_type === 'title_changed' ? undefined : 'feature',
  };
}

export function writeHeadings(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'heading_added').map((r) => String(r.diff.new));
  const removed = ofType(cluster, 'heading_removed').map((r) => String(r.diff.old));
  const clauses: string[] = [];
  if (added.length) clauses.push(`added ${added.length === 1 ? 'the section' : `${added.length} sections:`} ${listJoin(added.map((t) => quote(t, 70)), 3)}`);
  if (removed.length) clauses.push(`removed ${removed.length === 1 ? 'the section' : `${removed.length} sections:`} ${listJoin(removed.map((t) => quote(t, 70)), 3)}`);
  const signal = byScore(cluster)[0].signal;
  return {
    sentence: sentence(`${c} ${listJoin(clauses)} on ${pageName(ctx)}`),
    headline: capitalise(clauses[0] ?? 'Sections changed'),
    meaning: signal === 'compliance' ? `${c} now advertises a security certification.` : `${c} restructured ${pageName(ctx)}.`,
    why:
      signal === 'compliance'
        ? `A new certification (${listJoin(added.map((t) => quote(t, 60)))}) removes an objection security reviewers raise against ${c}.`
        : `A new or removed section (${listJoin([...added, ...removed].map((t) => quote(t, 60)), 2)}) shows what ${c} now wants visitors to read on this page.`,
    action:
      signal === 'compliance'
        ? `Make your own certifications as visible as ${c}'s and update the security comparison.`
        : `Read the changed section and note anything that affects your positioning.`,
    category: signal ? SIGNAL_CATEGORY[signal] : undefined,
  };
}

export function writeText(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'content_added', 'content_changed').map((r) => String(r.diff.new ?? ''));
  const removed = ofType(cluster, 'content_removed').map((r) => String(r.diff.old ?? ''));
  let clause: string;
  if (added.length && removed.length) clause = `reworded text on ${pageName(ctx)}: now ${quote(added[0], 110)}`;
  else if (added.length) clause = `added text to ${pageName(ctx)}: ${quote(added[0], 110)}`;
  else clause = `removed text from ${pageName(ctx)}: ${quote(removed[0] ?? '', 110)}`;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause.split(':')[0]),
    meaning: `Copy edit on ${pageName(ctx)}.`,
    why: `Wording changes in body text rarely change what ${c} offers.`,
    action: `No action needed.`,
  };
}

export function writeTitle(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const { diff } = cluster.readings[0];
  const clause = `changed the page title from ${quote(String(diff.old ?? ''), 70)} to ${quote(String(diff.new ?? ''), 70)}`;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: 'Page title changed',
    meaning: `New page title.`,
    why: `A new title changes what ${c}'s page ranks for in search.`,
    action: `Check whether the new title targets search terms you compete for.`,
  };
}

function pageName(ctx: RuleContext): string {
  return ctx.pagePath && ctx.pagePath !== '/' ? `its ${ctx.pagePath} page` : 'its page';
}
