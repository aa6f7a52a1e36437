import type { CareersFields } from '../../../capture/capture.types';
import { ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { titleOf } from '../readings';
import { MAJOR_PLATFORMS, SIGNAL_CATEGORY, signalOf } from '../signals';
import { capitalise, listJoin, plural, quote, sentence, squash } from '../text';

/* Careers openings, integration directories, and anything no other writer knows. */

type Opening = CareersFields['openings'][number];

export function writeOpenings(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'opening_added').map((r) => r.diff.new as Opening);
  const removed = ofType(cluster, 'opening_removed').map((r) => r.diff.old as Opening);
  const updated = ofType(cluster, 'opening_updated');
  const clauses: string[] = [];
  if (added.length === 1) clauses.push(`opened a new role: ${describeOpening(added[0])}`);
  if (added.length > 1) clauses.push(`opened ${plural(added.length, 'new role')}: ${listJoin(added.map(describeOpening), 4)}`);
  if (removed.length === 1) clauses.push(`closed the ${describeOpening(removed[0])} opening`);
  if (removed.length > 1) clauses.push(`closed ${plural(removed.length, 'opening')}: ${listJoin(removed.map(describeOpening), 4)}`);
  if (!clauses.length && updated.length) clauses.push(`updated ${plural(updated.length, 'job listing')}`);
  const teams = topTeams(added);
  const places = [...new Set(added.map((job) => squash(job?.location)).filter(Boolean))];
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: capitalise(clauses[0]?.split(':')[0] ?? 'Openings changed'),
    meaning: added.length
      ? `${c} is investing${teams.length ? ` in ${listJoin(teams)}` : ''}${places.length ? ` (${listJoin(places, 3)})` : ''}.`
      : `${c} closed roles; hiring there has slowed or been filled.`,
    why: added.length
      ? `Hiring shows where ${c} will compete next: roles in ${listJoin(teams.length ? teams : added.map((job) => squash(job?.title)).slice(0, 2))}${places.length ? ` based in ${listJoin(places, 3)}` : ''} point to the products and markets it is building up.`
      : `Closed roles can mean a filled team or a cut budget; repeated closures in one team suggest ${c} is pulling back there.`,
    action: added.length
      ? `Watch ${c}'s roadmap and go-to-market in ${listJoin(teams.length ? teams : places.slice(0, 2)) || 'those areas'}; brief sales if they overlap your core market.`
      : `No action needed unless the closures cluster in a team that competes with you.`,
  };
}

function describeOpening(job: Opening | null): string {
  if (!job) return '';
  const title = squash(job.title);
  const location = squash(job.location);
  return location && !title.includes(location) ? `${title} (${location})` : title;
}

/** Teams that got two or more of the new roles, else the single team of a lone role. */
function topTeams(jobs: Array<Opening | null>): string[] {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    const team = squash(job?.team);
    if (team) counts.set(team, (counts.get(team) ?? 0) + 1);
  }
  const shared = [...counts].filter(([, count]) => count >= 2).map(([team]) => team);
  return shared.length ? shared : jobs.length === 1 && counts.size === 1 ? [...counts.keys()] : [];
}

export function writeIntegrations(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'integration_added').map((r) => squash(titleOf(r.diff.new)));
  const removed = ofType(cluster, 'integration_removed').map((r) => squash(titleOf(r.diff.old)));
  const clauses: string[] = [];
  if (added.length === 1) clauses.push(`added the ${added[0]} integration`);
  if (added.length > 1) clauses.push(`added ${added.length} integrations: ${listJoin(added, 5)}`);
  if (removed.length === 1) clauses.push(`removed the ${removed[0]} integration`);
  if (removed.length > 1) clauses.push(`removed ${removed.length} integrations: ${listJoin(removed, 5)}`);
  const major = added.filter((name) => MAJOR_PLATFORMS.test(name));
  const partnership = [...added].some((name) => signalOf(name) === 'partnership');
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: capitalise(clauses[0] ?? 'Integrations changed'),
    meaning: added.length ? `${c} now connects to ${listJoin(added, 3)}.` : `${c} no longer connects to ${listJoin(removed, 3)}.`,
    why: added.length
      ? `Customers who run ${listJoin(major.length ? major : added, 3)} can now use ${c} with it; if you lack the integration, that is a gap in those deals.`
      : `${c} customers who relied on ${listJoin(removed, 3)} lose that workflow and must find a workaround or an alternative.`,
    action: added.length
      ? `Check whether you integrate with ${listJoin(added, 3)}; if not, weigh it on the roadmap and prepare a workaround answer.`
      : `If you integrate with ${listJoin(removed, 3)}, tell ${c}'s affected customers.`,
    // An integration is product capability; only one announced as a partnership is partnership news.
    category: partnership ? SIGNAL_CATEGORY.partnership : 'feature',
  };
}

export function writeOther(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const first = cluster.readings[0];
  const what = squash(titleOf(first.diff.new ?? first.diff.old)) || first.diff.path;
  const clause = `changed ${quote(what, 80)} (${plural(cluster.readings.length, 'field')})`;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause),
    meaning: `A change the rules do not classify further.`,
    why: `Review the raw diff to judge whether this matters.`,
    action: `Review the raw diff.`,
  };
}
