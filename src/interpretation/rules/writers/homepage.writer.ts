import { ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { SALES_LED, SIGNAL_CATEGORY } from '../signals';
import { capitalise, listJoin, plural, quote, sentence, similarity, squash } from '../text';

/* The homepage: hero copy, announcement bar, calls to action, navigation and social proof. */

export function writeHero(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const headline = ofType(cluster, 'headline_changed')[0];
  const sub = ofType(cluster, 'subheadline_changed')[0];
  const clauses: string[] = [];
  if (headline) clauses.push(textChange('homepage headline', headline.diff.old, headline.diff.new));
  if (sub) clauses.push(headline ? 'rewrote the subheadline' : textChange('homepage subheadline', sub.diff.old, sub.diff.new));
  const lead = headline ?? sub ?? cluster.readings[0];
  const reworded = lead.diff.op === 'modified' && similarity(String(lead.diff.old ?? ''), String(lead.diff.new ?? '')) >= 0.6;
  const now = squash(String(lead.diff.new ?? ''));
  if (reworded) {
    return {
      sentence: sentence(`${c} ${listJoin(clauses)}`),
      headline: `Hero copy reworded`,
      meaning: `Copy edit; the message is the same.`,
      why: `The new wording keeps ${c}'s message; nothing changes for buyers.`,
      action: `No action needed.`,
    };
  }
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: `New homepage ${headline ? 'headline' : 'subheadline'}: ${quote(now, 60)}`,
    meaning: `${c} is repositioning: it now leads with ${quote(now, 80)}.`,
    why: `The homepage headline is ${c}'s one-line pitch; leading with ${quote(now, 80)} tells you which buyers and which comparison ${c} wants now.`,
    action: `Check whether ${c}'s new pitch overlaps your own positioning and adjust your messaging or battlecard where it now competes head-on.`,
    category: lead.signal && lead.signal !== 'launch' ? SIGNAL_CATEGORY[lead.signal] : 'positioning',
  };
}

function textChange(what: string, old: unknown, next: unknown): string {
  if (old && next) return `changed its ${what} from ${quote(String(old), 90)} to ${quote(String(next), 90)}`;
  if (next) return `added the ${what} ${quote(String(next), 90)}`;
  return `removed the ${what} ${quote(String(old), 90)}`;
}

export function writeAnnouncement(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const reading = cluster.readings[0];
  const { diff } = reading;
  const now = squash(String(diff.new ?? ''));
  const launch = reading.signal === 'launch';
  const clause =
    diff.op === 'removed'
      ? `took down its homepage announcement ${quote(String(diff.old), 110)}`
      : `put up a homepage announcement: ${quote(now, 110)}`;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: diff.op === 'removed' ? 'Announcement removed' : `Announcement: ${quote(now, 60)}`,
    meaning: launch ? `${c} is promoting a launch on its homepage.` : `${c} changed what it promotes above the fold.`,
    why: launch
      ? `${c} gives the launch (${quote(now, 80)}) its most valuable space: this is the capability it wants every visitor and prospect to know about.`
      : `The announcement bar shows what ${c} is pushing this week; it often points at a campaign, an event or an offer.`,
    action: launch
      ? `Find out what the launch includes and prepare sales for questions about it.`
      : `Note the campaign; respond only if it targets your customers.`,
    category: reading.signal ? SIGNAL_CATEGORY[reading.signal] : undefined,
  };
}

export function writeCtas(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const reworded = ofType(cluster, 'cta_changed');
  const added = [...reworded, ...ofType(cluster, 'cta_added')].map((r) => String(r.diff.new));
  const removed = [...reworded, ...ofType(cluster, 'cta_removed')].map((r) => String(r.diff.old));
  let clause: string;
  if (added.length && removed.length) {
    clause = `replaced the ${listJoin(removed.map((t) => quote(t, 50)))} call to action with ${listJoin(added.map((t) => quote(t, 50)))}`;
  } else if (added.length) {
    clause = `added the call to action ${listJoin(added.map((t) => quote(t, 50)))}`;
  } else {
    clause = `removed the call to action ${listJoin(removed.map((t) => quote(t, 50)))}`;
  }
  const toSales = added.some((t) => SALES_LED.test(t)) && !removed.some((t) => SALES_LED.test(t));
  const toSelfServe = removed.some((t) => SALES_LED.test(t)) && !added.some((t) => SALES_LED.test(t));
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause),
    meaning: toSales ? `${c} is moving toward sales-led buying.` : toSelfServe ? `${c} is moving toward self-serve.` : `${c} changed what it asks visitors to do.`,
    why: toSales
      ? `Sending visitors to ${listJoin(added.map((t) => quote(t, 40)))} instead of a self-serve start adds friction for small teams and signals ${c} is chasing larger deals.`
      : toSelfServe
        ? `${c} now lets visitors start on their own, lowering the barrier for the small teams you may be winning today.`
        : `The main call to action shows the conversion ${c} optimises for.`,
    action: toSales
      ? `Target self-serve buyers ${c} now routes to sales: highlight instant sign-up in ads and comparison pages.`
      : toSelfServe
        ? `Check your own sign-up friction against ${c}'s new self-serve path.`
        : `Note the new call to action.`,
  };
}

export function writeNavigation(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'navigation_added').map((r) => String(r.diff.new));
  const removed = ofType(cluster, 'navigation_removed').map((r) => String(r.diff.old));
  const clauses = [
    added.length ? `added ${listJoin(added.map((t) => quote(t, 40)))} to its main navigation` : '',
    removed.length ? `removed ${listJoin(removed.map((t) => quote(t, 40)))} from its main navigation` : '',
  ].filter(Boolean);
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: capitalise(clauses[0]),
    meaning: added.length ? `${c} now features ${listJoin(added)} in its navigation.` : `${c} demoted ${listJoin(removed)}.`,
    why: `Top navigation is what ${c} wants every visitor to see; a new entry often points at a new product line or audience.`,
    action: added.length ? `Open the new ${listJoin(added)} page and see what it offers.` : `Check whether the removed section still exists elsewhere on ${c}'s site.`,
  };
}

export function writeLogos(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'logo_added').map((r) => squash(String(r.diff.new)));
  const removed = ofType(cluster, 'logo_removed').map((r) => squash(String(r.diff.old)));
  const clauses = [
    added.length ? `added ${listJoin(added)} to its customer logos` : '',
    removed.length ? `removed ${listJoin(removed)} from its customer logos` : '',
  ].filter(Boolean);
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: capitalise(clauses[0]),
    meaning: added.length ? `${c} claims ${listJoin(added)} as customers.` : `${c} no longer shows ${listJoin(removed)}.`,
    why: added.length
      ? `Logos like ${listJoin(added)} reassure prospects in those segments that ${c} is a safe choice.`
      : `A logo that disappears often means a lost or unhappy customer at ${listJoin(removed)}.`,
    action: added.length
      ? `Check whether ${listJoin(added)} are in your pipeline or customer base, and line up a comparable reference.`
      : `Find out whether ${listJoin(removed)} left ${c}; if so, reach out.`,
  };
}

export function writeTestimonials(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = ofType(cluster, 'testimonial_added').map((r) => String(r.diff.new));
  const removed = ofType(cluster, 'testimonial_removed').map((r) => String(r.diff.old));
  const clauses = [
    added.length === 1 ? `added a testimonial: ${quote(added[0], 140)}` : added.length ? `added ${plural(added.length, 'testimonial')}` : '',
    removed.length === 1 ? `removed a testimonial: ${quote(removed[0], 140)}` : removed.length ? `removed ${plural(removed.length, 'testimonial')}` : '',
  ].filter(Boolean);
  return {
    sentence: sentence(`${c} ${listJoin(clauses)}`),
    headline: added.length ? 'Testimonial added' : 'Testimonial removed',
    meaning: added.length ? `${c} has a new public endorsement.` : `${c} dropped a public endorsement.`,
    why: removed.length
      ? `A testimonial taken down can mean the customer left ${c} or no longer wants to be quoted.`
      : `Named endorsements are what prospects in the same role trust most.`,
    action: removed.length ? `Check whether the customer behind the removed quote is still with ${c}; if not, reach out.` : `Note the customer; prepare a comparable reference.`,
  };
}

export function writeCounts(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const { diff } = cluster.readings[0];
  const clause =
    diff.old && diff.new
      ? `changed its social-proof claim from ${quote(String(diff.old), 70)} to ${quote(String(diff.new), 70)}`
      : diff.new
        ? `added the claim ${quote(String(diff.new), 70)}`
        : `removed the claim ${quote(String(diff.old), 70)}`;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause.split(' from ')[0]),
    meaning: `${c} updated how many customers or users it claims.`,
    why: `Bigger numbers make ${c} look like the safe, popular choice to prospects comparing vendors.`,
    action: `Make sure your own social-proof numbers are current and visible.`,
  };
}
