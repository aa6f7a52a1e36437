import type { PlanPrice } from '../../../capture/capture.types';
import { byScore, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { formatMoney, formatPercent, periodSlash, yearlyFigures } from '../money';
import { parseSub } from '../paths';
import { describePrice, listingOf, priceMoveOf, styleFor, yearlyDifference } from '../price-facts';
import { capitalise, listJoin, quote, sentence, squash } from '../text';
import { moveClause } from './plan.writer';
import { periodWord } from './price-words';

/* Pricing beyond plan cards: usage price lines, billing periods across plans, the free trial. */

export function writeLineItem(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const lead = byScore(cluster)[0];
  if (lead.path.rest === '' && (lead.diff.op === 'added' || lead.diff.op === 'removed')) return writeLineListing(cluster, ctx);
  const move = priceMoveOf(lead, ctx);
  const clause =
    move && move.oldAmount !== null && move.newAmount !== null && lead.diff.change_type !== 'price_changed'
      ? moveClause(move, lead.diff.change_type === 'price_increased' ? 'raised' : 'cut')
      : `changed the ${move?.subject ?? 'usage'} price`;
  const subject = move?.subject ?? 'this item';
  const up = lead.diff.change_type === 'price_increased';
  const down = lead.diff.change_type === 'price_decreased';
  const pct = move?.pct != null ? formatPercent(move.pct, false) : '';
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause),
    meaning: up ? `${subject} costs ${pct} more.` : down ? `${subject} is ${pct} cheaper.` : `${c}'s usage pricing for ${subject} changed.`,
    why: up
      ? `Customers running ${subject} on ${c} pay ${pct} more; usage-heavy accounts will notice it on their next invoice.`
      : down
        ? `${c} made ${subject} ${pct} cheaper: workloads that depend on it now cost less there, which sharpens price comparisons for that usage.`
        : `${c}'s usage price list changed for ${subject}; cost comparisons that include it need refreshing.`,
    action: up
      ? `Target ${c} customers with ${subject}-heavy usage with a cost comparison.`
      : down
        ? `Re-run your cost comparison for ${subject} workloads against ${c}'s new price and decide whether to respond.`
        : `Refresh the cost comparison that covers ${subject}.`,
  };
}

/** Price lines that appeared or disappeared together: "added Standard ($29 a month), Premium (…)". */
function writeLineListing(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const added = cluster.readings[0].diff.op === 'added';
  const items = cluster.readings
    .map((reading) => listingOf(reading, ctx))
    .filter((listing): listing is NonNullable<typeof listing> => listing !== null)
    .map((listing) => (listing.prices[0] ? `${listing.subject} (${describePrice(listing.prices[0], ctx)})` : listing.subject));
  const names = cluster.readings.map((reading) => listingOf(reading, ctx)?.subject ?? '').filter(Boolean);
  const clause = added ? `added new prices for ${listJoin(items, 4)}` : `removed the prices for ${listJoin(items, 4)}`;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: added ? `New prices: ${listJoin(names, 3)}` : `Prices withdrawn: ${listJoin(names, 3)}`,
    meaning: added ? `${c} now sells ${listJoin(names, 3)}.` : `${c} no longer lists ${listJoin(names, 3)}.`,
    why: added
      ? `New paid offers (${listJoin(items, 3)}) show where ${c} is looking for revenue and what buyers will be asked to pay for.`
      : `${c} stopped listing ${listJoin(names, 3)}; customers who relied on them need an alternative.`,
    action: added
      ? `Compare ${c}'s new offers with what you include for free or charge for, and update the comparison page.`
      : `Reach ${c} customers who used ${listJoin(names, 2)} with your equivalent.`,
  };
}

export function writeBilling(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const first = cluster.readings[0];
  const added = first.diff.op === 'added';
  const priceReadings = cluster.readings.filter((r) => r.path.base === 'plans');
  const period = first.path.base === 'plans' ? parseSub(first.path.rest).key?.split(':')[0] : first.path.key;
  const word = periodWord(period as PlanPrice['period']);
  const parts: string[] = [];
  const differences: Array<{ plan: string; pct: number }> = [];
  for (const reading of priceReadings) {
    const listing = listingOf(reading, ctx);
    const price = listing?.prices[0];
    if (!listing || !price) continue;
    parts.push(`${listing.subject} ${compactPrice(price, ctx)}`);
    const pct = yearlyDifference(listing.plan, price);
    if (pct !== null) differences.push({ plan: listing.subject, pct });
  }
  const versus = added ? comparedWithMonthly(differences) : null;
  const text = added
    ? `${c} added ${word} billing${parts.length ? `: ${listJoin(parts, 4)}` : ''}${versus ? ` (${versus})` : ''}`
    : `${c} dropped ${word} billing${parts.length ? ` (was ${listJoin(parts, 4)})` : ''}`;
  // Said only when true: the same change may also move a monthly price.
  const monthlyMoved = ctx.diffs.some((diff) => /^plans\[.*\]\.prices\[month[\]:]/.test(diff.path) && diff.tier === 'alertable');
  const cheaper = differences.filter((d) => d.pct < 0);
  return {
    sentence: sentence(text),
    headline: added ? `${capitalise(word)} billing added` : `${capitalise(word)} billing removed`,
    meaning: added
      ? `Buyers can now commit ${word}${versus ? ` (${versus})` : ''}${monthlyMoved ? '' : '; monthly prices are unchanged'}.`
      : `${capitalise(word)} billing is no longer offered.`,
    why: added
      ? cheaper.length > 0
        ? `A ${word} option (${versus}) lowers ${c}'s effective price for committed customers and locks them in for longer, which makes them harder to win later.`
        : `A ${word} option locks ${c}'s customers in for longer${versus ? ` (${versus})` : ''}, which makes them harder to win later.`
      : `Without ${word} billing, ${c}'s committed customers lose their discount at renewal: a natural moment to offer them an alternative.`,
    action: added
      ? `Compare your own ${word} terms with ${c}'s and consider a matching annual offer for deals where ${c} is in play.`
      : `Reach ${c}'s ${word} customers before renewal with your own ${word} plan.`,
  };
}

/**
 * Per plan, as the page has it: "25% off the monthly price on every plan" when all agree, else
 * "Basic 25% off, Pro 40% off and Business 20% off the monthly price"; a yearly price above the
 * monthly one is said as such, never assumed to be a discount.
 */
function comparedWithMonthly(differences: Array<{ plan: string; pct: number }>): string | null {
  if (differences.length === 0) return null;
  const phrase = (pct: number) => (Math.round(pct) === 0 ? 'the same' : pct < 0 ? `${formatPercent(-pct, false)} off` : `${formatPercent(pct, false)} more`);
  const shown = differences.map((d) => ({ plan: d.plan, text: phrase(d.pct) }));
  const allOff = shown.every((d) => d.text.endsWith(' off'));
  if (shown.every((d) => d.text === shown[0].text)) {
    const where = shown.length > 1 ? 'on every plan' : `on ${shown[0].plan}`;
    if (allOff) return `${shown[0].text} the monthly price ${where}`;
    return shown[0].text === 'the same' ? `priced the same as monthly ${where}` : `${shown[0].text} than the monthly price ${where}`;
  }
  return `${listJoin(shown.map((d) => `${d.plan} ${d.text}`), 6)} ${allOff ? 'the monthly price' : 'compared with the monthly price'}`;
}

export function writeTrial(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const { diff } = cluster.readings[0];
  const oldText = squash(String(diff.old ?? ''));
  const newText = squash(String(diff.new ?? ''));
  const oldDays = daysIn(oldText);
  const newDays = daysIn(newText);
  let clause: string;
  let longer = false;
  if (diff.op === 'added') clause = `introduced a free trial (${quote(newText)})`;
  else if (diff.op === 'removed') clause = `dropped its free trial (was ${quote(oldText)})`;
  else if (oldDays !== null && newDays !== null && oldDays !== newDays) {
    longer = newDays > oldDays;
    clause = `${longer ? 'extended' : 'shortened'} its free trial from ${oldDays} to ${newDays} days`;
  } else clause = `changed its free-trial offer from ${quote(oldText)} to ${quote(newText)}`;
  const retreat = diff.op === 'removed' || (oldDays !== null && newDays !== null && newDays < oldDays);
  const advance = diff.op === 'added' || longer;
  return {
    sentence: sentence(`${c} ${clause}`),
    headline: capitalise(clause),
    meaning: retreat ? `${c} made trying the product harder.` : `${c} made trying the product easier.`,
    why: retreat
      ? `A shorter or missing trial means prospects must commit sooner to ${c}: evaluators who want time to test are easier to win.`
      : `A more generous trial${newDays ? ` (${newDays} days)` : ''} lowers the barrier to trying ${c}; expect more prospects to run ${c} side by side with you.`,
    action: retreat
      ? `Advertise your own trial length to prospects evaluating ${c}.`
      : `Make sure your trial and onboarding hold up against a ${newDays ? `${newDays}-day ` : ''}${c} trial.`,
    // A trial that got longer is "more", one that got shorter "less", though the diff's op is a plain modification.
    direction: retreat ? 'retreated' : advance ? 'advanced' : undefined,
  };
}

function compactPrice(price: PlanPrice, ctx: RuleContext): string {
  if (price.amount === null) return squash(price.text) || 'custom';
  const style = styleFor(price, ctx, price.amount);
  const yearly = yearlyFigures(price);
  if (yearly?.quoted) return `${formatMoney(yearly.perMonth, style)}/month billed yearly`;
  return `${formatMoney(price.amount, style)}${periodSlash(price.period)}`;
}

function daysIn(text: string): number | null {
  const days = /(\d+)[\s-]*days?\b/i.exec(text);
  if (days) return Number(days[1]);
  const weeks = /(\d+)[\s-]*weeks?\b/i.exec(text);
  return weeks ? Number(weeks[1]) * 7 : null;
}
