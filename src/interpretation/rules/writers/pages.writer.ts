import { byScore, ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { titleOf } from '../readings';
import { SIGNAL_CATEGORY, STRATEGIC } from '../signals';
import { writePricingSections } from './pricing-sections.writer';
import { capitalise, listJoin, quote, sentence, squash } from '../text';

/* Docs outlines and custom pages: pages and sections, headings, body text, the page title. */

export function writeDocs(cluster: Cluster, ctx: RuleContext): ClusterText {
  if (ctx.monitorType === 'pricing') return writePricingSections(cluster, ctx);
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
