import { ofType, type Cluster, type ClusterText } from '../clusters';
import type { RuleContext } from '../context';
import { titleOf } from '../readings';
import { capitalise, listJoin, quote, sentence, squash } from '../text';

/* Sections of a pricing page: each is a way of pricing ("Usage-based plans"), so one gained or lost is a pricing change. */

export function writePricingSections(cluster: Cluster, ctx: RuleContext): ClusterText {
  const c = ctx.competitor;
  const titles = (type: string) => ofType(cluster, type).map((r) => squash(titleOf(r.diff.new ?? r.diff.old)) || squash(r.path.key));
  const added = titles('section_added');
  const removed = titles('section_removed');
  const clauses: string[] = [];
  const describe = (list: string[], verb: string, where: string) => {
    if (list.length === 1) clauses.push(`${verb} the ${quote(list[0], 80)} section ${where} its pricing page`);
    if (list.length > 1) clauses.push(`${verb} ${list.length} sections ${where} its pricing page: ${listJoin(list.map((t) => quote(t, 60)), 4)}`);
  };
  describe(removed, 'removed', 'from');
  describe(added, 'added', 'to');
  const retitled = ofType(cluster, 'title_changed');
  if (retitled.length > 0 && clauses.length === 0) {
    const first = retitled[0];
    clauses.push(`renamed the ${quote(String(first.diff.old ?? ''), 60)} section of its pricing page to ${quote(String(first.diff.new ?? ''), 60)}`);
  }
  const retreat = removed.length > added.length;
  const named = (list: string[]) => listJoin(list.slice(0, 2).map((t) => quote(t, 60)));
  return {
    sentence: sentence(`${c} ${listJoin(clauses, 3)}`),
    headline: capitalise(clauses[0] ?? 'Pricing page sections changed'),
    meaning: retreat
      ? `${c} no longer presents ${named(removed)} on its pricing page.`
      : added.length
        ? `${c} now presents ${named(added)} on its pricing page.`
        : `${c} relabelled a section of its pricing page.`,
    why: retreat
      ? `A pricing section that disappears usually means a way of buying was retired or folded into another; customers on it may have to move.`
      : added.length
        ? `A new pricing section usually means a new way of buying (${named(added)}) that prospects will compare with yours.`
        : `A renamed section reframes how ${c} presents its prices.`,
    action: retreat
      ? `Check which plans ${c} still offers and whether its customers on the retired option are open to a switch.`
      : `Read the new section and update your pricing comparison.`,
    category: 'pricing',
  };
}
