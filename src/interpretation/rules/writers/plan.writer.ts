import { byScore, ofType, type Cluster, type ClusterText } from '../clusters';
import { isPrice, planName, type RuleContext } from '../context';
import { formatMoney, formatPercent, unitAndPeriod } from '../money';
import { describePrice, listingOf, priceMoveOf, type PriceMove } from '../price-facts';
import type { Reading } from '../readings';
import { SALES_LED } from '../signals';
import { article, capitalise, listJoin, quote, sentence, squash, truncate } from '../text';
import { upmarketFeatures } from '../upmarket';
import { periodWord } from './price-words';

/* A plan on a pricing page: its prices, features and call to action, stated with the page's numbers. */

export function writePlan(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const key = cluster.readings[0].path.key ?? '';
  const name = planName(ctx, key);
  const ctaFlags = ctaDrivenFlags(cluster);
  const members = byScore(cluster).filter((reading) => !ctaFlags.has(reading.index));
  const lead = members[0];
  const clauses: string[] = [];

  for (const reading of members) {
    const clause = planClause(reading, ctx, name);
    if (clause && !clauses.includes(clause)) clauses.push(clause);
  }
  const added = ofType(cluster, 'feature_added').map((r) => String(r.diff.new));
  const removed = ofType(cluster, 'feature_removed').map((r) => String(r.diff.old));
  const featureClauses = [
    added.length ? `added ${listJoin(added.map(short))} to ${planLabel(name)}` : '',
    removed.length ? `removed ${listJoin(removed.map(short))} from ${planLabel(name)}` : '',
  ].filter(Boolean);
  // Features go where their highest-scoring member ranks: after the price when a price moved.
  const ordered = lead.diff.change_type.startsWith('feature_') ? [...featureClauses, ...clauses] : [...clauses, ...featureClauses];
  const text = `${c} ${listJoin(ordered, 3)}`;
  const advice = planAdvice(lead, ctx, name, added, removed);
  return {
    sentence: sentence(text),
    headline: capitalise(listJoin(ordered, 2)),
    ...advice,
    // A sales-led button next to an unchanged price is a change of sales motion, not of price.
    category: ctaFlags.size > 0 ? 'positioning' : undefined,
  };
}

/**
 * Extractors flag a plan "contact sales" from its button, so a "Start free trial" → "Book a demo"
 * switch also flips the flag although the price on the card did not move. Such flag diffs repeat
 * the CTA diff and are left out of the sentence.
 */
function ctaDrivenFlags(cluster: Cluster): Set<number> {
  const flags = cluster.readings.filter((r) => r.diff.change_type === 'price_changed' && r.path.rest === 'contact_sales');
  const cta = ofType(cluster, 'cta_changed').length > 0;
  const priceMoved = cluster.readings.some(
    (r) =>
      ['price_increased', 'price_decreased', 'price_added', 'price_removed', 'plan_added', 'plan_removed'].includes(r.diff.change_type) ||
      (r.diff.change_type === 'price_changed' && r.path.rest !== 'contact_sales'),
  );
  return new Set(cta && !priceMoved ? flags.map((r) => r.index) : []);
}

function planClause(reading: Reading, ctx: RuleContext, name: string): string | null {
  const { diff } = reading;
  switch (diff.change_type) {
    case 'price_increased':
    case 'price_decreased':
    case 'price_changed': {
      const move = priceMoveOf(reading, ctx);
      if (move && move.oldAmount !== null && move.newAmount !== null && diff.change_type !== 'price_changed') {
        return moveClause(move, diff.change_type === 'price_increased' ? 'raised' : 'cut');
      }
      return priceChangedClause(reading, ctx, name, move);
    }
    case 'plan_added': {
      const listing = listingOf(reading, ctx);
      const price = listing?.prices.find((p) => p.amount !== null) ?? listing?.prices[0];
      // The security features a new plan brings are why it matters to larger buyers: name them.
      const signals = upmarketFeatures(listing?.plan?.features ?? []);
      const carrying = signals.length > 0 ? ` with ${listJoin(signals)}` : '';
      if (listing?.plan?.contact_sales || (price && price.amount === null)) return `added ${article(name)} ${name} plan (contact sales)${carrying}`;
      return `added ${article(name)} ${name} plan${price ? ` at ${describePrice(price, ctx)}` : ''}${carrying}`;
    }
    case 'plan_removed': {
      const listing = listingOf(reading, ctx);
      const price = listing?.prices.find((p) => p.amount !== null);
      return price ? `dropped its ${name} plan (was ${describePrice(price, ctx)})` : `dropped its ${name} plan`;
    }
    case 'plan_renamed':
      return `renamed its ${squash(String(diff.old))} plan to ${squash(String(diff.new))}`;
    case 'price_added': {
      const price = isPrice(diff.new) ? diff.new : null;
      return price ? `added a ${periodWord(price.period)} price to ${name}: ${describePrice(price, ctx)}` : `added a price to ${name}`;
    }
    case 'price_removed': {
      const price = isPrice(diff.old) ? diff.old : null;
      return price ? `removed the ${periodWord(price.period)} price of ${name} (was ${describePrice(price, ctx)})` : `removed a price of ${name}`;
    }
    case 'cta_changed':
      if (diff.old && diff.new) return `changed the ${name} call to action from ${quote(String(diff.old))} to ${quote(String(diff.new))}`;
      return diff.new ? `added the call to action ${quote(String(diff.new))} to ${name}` : `removed the ${name} call to action ${quote(String(diff.old))}`;
    case 'feature_added':
    case 'feature_removed':
      return null;
    case 'limit_changed':
      return `changed ${name} from ${quote(String(diff.old))} to ${quote(String(diff.new))}`;
    default:
      return `changed ${name} (${diff.path})`;
  }
}

/** "raised Pro from $49 to $59 a month (+20%)"; line items read "cut the L40S price from …". */
export function moveClause(move: PriceMove, verb: 'raised' | 'cut'): string {
  const from = formatMoney(move.monthly?.old ?? move.oldAmount ?? 0, move.style);
  const to = formatMoney(move.monthly?.new ?? move.newAmount ?? 0, move.style);
  const tail = move.monthly ? 'a month billed yearly' : unitAndPeriod(move.unit, move.period);
  const pct = move.pct !== null ? ` (${formatPercent(move.pct)})` : '';
  const subject = move.subjectKind === 'line_item' ? `the ${move.subject} price` : move.subject;
  return `${verb} ${subject} from ${from} to ${to}${tail ? ` ${tail}` : ''}${pct}`;
}

function priceChangedClause(reading: Reading, ctx: RuleContext, name: string, move: PriceMove | null): string {
  const { diff, path } = reading;
  const field = path.rest.split('.').pop();
  if (field === 'free') return diff.new ? `made ${name} free` : `made ${name} a paid plan`;
  if (field === 'contact_sales') return diff.new ? `switched ${name} to contact-sales pricing` : `published a price for ${name}`;
  if (field === 'unit') return `changed the ${name} price unit from ${quote(String(diff.old ?? 'none'))} to ${quote(String(diff.new ?? 'none'))}`;
  if (move && move.oldAmount === null && move.newAmount !== null) {
    return `published a price for ${name}: ${formatMoney(move.newAmount, move.style)} ${unitAndPeriod(move.unit, move.period)}`.trim();
  }
  if (move && move.oldAmount !== null && move.newAmount === null) {
    return `replaced the ${formatMoney(move.oldAmount, move.style)} ${name} price with custom pricing`;
  }
  if (isPrice(diff.old) && isPrice(diff.new)) {
    return `changed ${name} from ${describePrice(diff.old, ctx)} to ${describePrice(diff.new, ctx)}`;
  }
  return `changed the ${name} price`;
}

function planAdvice(lead: Reading, ctx: RuleContext, name: string, added: string[], removed: string[]): Omit<ClusterText, 'sentence' | 'headline'> {
  const c = ctx.competitor;
  const { diff } = lead;
  switch (diff.change_type) {
    case 'price_increased': {
      const move = priceMoveOf(lead, ctx);
      const pct = move?.pct != null ? formatPercent(move.pct, false) : 'more';
      const to = shownNew(move);
      return {
        meaning: `${name} costs ${pct} more for new customers.`,
        why: `${c}'s ${name} plan now costs ${to}, ${pct} more than before: prospects comparing plans see a wider gap in your favour, and existing ${name} customers facing the increase may look around.`,
        action: `Update your comparison page and sales battlecard with ${name} at ${to}, and approach teams on ${c}'s ${name} plan with a switching offer while the increase is fresh.`,
      };
    }
    case 'price_decreased': {
      const move = priceMoveOf(lead, ctx);
      const pct = move?.pct != null ? formatPercent(move.pct, false) : 'less';
      const to = shownNew(move);
      return {
        meaning: `${name} is ${pct} cheaper.`,
        why: `At ${to}, ${c}'s ${name} plan undercuts its old price by ${pct}: price-sensitive prospects will quote it in deals and your plans at that tier compare worse.`,
        action: `Check your equivalent plan against ${to}; prepare a value argument (or a matching offer) for deals where ${c}'s ${name} comes up.`,
      };
    }
    case 'plan_removed': {
      const listing = listingOf(lead, ctx);
      const free = listing?.plan?.free || listing?.prices.some((p) => p.amount === 0);
      return free
        ? {
            meaning: `${c} no longer has a free entry point.`,
            why: `Without a free plan, ${c}'s funnel loses the users who try before they buy; those users, and free users pushed to pay, are looking for an alternative now.`,
            action: `Promote your free or entry plan to ${c}'s free users (comparison page, migration guide, ads on "${c} free plan" searches).`,
          }
        : {
            meaning: `${c} withdrew the ${name} plan.`,
            why: `Customers on ${c}'s ${name} plan must move to another plan, often a dearer one; packaging changes like this create switching windows.`,
            action: `Reach out to teams that fit ${c}'s former ${name} plan with a comparable plan and a migration offer.`,
          };
    }
    case 'plan_added': {
      const listing = listingOf(lead, ctx);
      const enterprise = listing?.plan?.contact_sales || /enterprise|business|scale/i.test(name);
      return enterprise
        ? {
            meaning: `${c} is moving up-market with ${article(name)} ${name} tier.`,
            why: `${c} is moving upmarket with ${article(name)} ${name} plan: it is going after larger customers with security and support promises; expect it in enterprise deals you used to see alone.`,
            action: `Compare ${c}'s ${name} features with your top tier and brief sales on where you still win in larger deals.`,
          }
        : {
            meaning: `${c} added ${article(name)} ${name} plan to its line-up.`,
            why: `A new ${name} plan changes where ${c} meets buyers on price; check which of your plans it now competes with.`,
            action: `Map ${c}'s ${name} plan against your plans and update the comparison page.`,
          };
    }
    case 'plan_renamed':
      return {
        meaning: `Same plan, new name: ${squash(String(diff.new))}.`,
        why: `A renamed plan is mostly packaging; it matters only where your materials cite ${c}'s old plan name.`,
        action: `Update comparison pages and battlecards that cite ${c}'s ${squash(String(diff.old))} plan.`,
      };
    case 'feature_added':
      return {
        meaning: `${name} now includes ${listJoin(added.map(short))}.`,
        why: `${c} now offers ${listJoin(added.map(short))} on ${name}; if you gate this in a higher tier, ${c}'s plan looks like better value.`,
        action: `Check which of your plans includes ${listJoin(added.map(short))} and adjust the comparison page or packaging.`,
      };
    case 'feature_removed':
      return {
        meaning: `${name} no longer includes ${listJoin(removed.map(short))}.`,
        why: `${c}'s ${name} customers lose ${listJoin(removed.map(short))} (or must pay more for it): a gap you can point to if your plan still includes it.`,
        action: `If your equivalent plan includes ${listJoin(removed.map(short))}, say so on your comparison page and in outreach to ${c}'s ${name} customers.`,
      };
    case 'cta_changed': {
      const salesLed = SALES_LED.test(String(diff.new ?? ''));
      return {
        meaning: salesLed ? `${name} is now sold through sales rather than self-serve.` : `${name}'s call to action changed.`,
        why: salesLed
          ? `${c} now routes ${name} buyers to a sales conversation: buyers who want to start on their own have more friction there.`
          : `${c} changed how it asks ${name} buyers to start, usually a sign of a conversion experiment.`,
        action: salesLed
          ? `Emphasise instant self-serve sign-up in campaigns aimed at ${c}'s ${name} buyers.`
          : `Note the new call to action; review whether it affects your own sign-up flow comparison.`,
      };
    }
    default:
      return {
        meaning: `${c} changed how ${name} is priced.`,
        why: `${c} changed the ${name} price structure; buyers comparing plans will see a different offer.`,
        action: `Review ${c}'s ${name} pricing and update the comparison page.`,
      };
  }
}

/** The new price as the page shows it: the monthly figure of a yearly plan when the page quotes one. */
function shownNew(move: PriceMove | null): string {
  if (!move || move.newAmount === null) return 'the new price';
  return move.monthly ? `${formatMoney(move.monthly.new, move.style)} a month billed yearly` : formatMoney(move.newAmount, move.style);
}

function planLabel(name: string): string {
  return /plan$/i.test(name) ? name : `the ${name} plan`;
}

function short(text: string): string {
  return truncate(text, 60);
}
