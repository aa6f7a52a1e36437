import type { Cluster, ClusterText } from './clusters';
import { listJoin, plural, sentence } from './text';

/** A statement without a field diff (a withdrawal notice) that the summary must still carry. */
export interface ExtraStatement {
  clause: string;
  score: number;
}

/** Moves named one by one in a summary; beyond them the rest are counted. */
const NAMED_MOVES = 3;

/**
 * The change summary is one sentence: the leading cluster's, then each further alertable move by
 * name ("added yearly billing … and raised Pro …"), up to three; more than that are counted. A
 * weightier statement without a field diff goes first and the leading cluster follows it.
 */
export function summarise(clusters: Cluster[], texts: ClusterText[], extra: ExtraStatement | null, competitor: string): string {
  const clauseOf = (text: string) => (text.startsWith(`${competitor} `) ? text.slice(competitor.length + 1) : text).replace(/\.$/, '');
  const lead = texts[0]?.sentence ?? '';
  const clauses = lead ? [clauseOf(lead)] : [];
  if (extra) {
    if (extra.score >= (clusters[0]?.score ?? 0)) clauses.unshift(extra.clause);
    else clauses.push(extra.clause);
  }
  const others = clusters.map((cluster, i) => ({ cluster, text: texts[i] })).slice(1).filter(({ cluster }) => cluster.alertable);
  const named = others.slice(0, Math.max(0, NAMED_MOVES - clauses.length));
  for (const { text } of named) clauses.push(clauseOf(text.sentence));
  const counted = others.length - named.length;
  const tail = counted > 0 ? `, plus ${plural(counted, 'other change')}` : '';
  // A lead sentence that does not start with the competitor's name is kept as written.
  if (clauses.length === 1 && !lead.startsWith(`${competitor} `)) return sentence(`${lead.replace(/\.$/, '')}${tail}`);
  return sentence(`${competitor} ${joinMoves(clauses)}${tail}`);
}

/** "a and b"; with a clause that has its own "and", a comma marks where the next move starts. */
function joinMoves(clauses: string[]): string {
  if (clauses.length < 2 || !clauses.some((clause) => clause.includes(' and '))) return listJoin(clauses, NAMED_MOVES);
  return `${clauses.slice(0, -1).join(', ')}, and ${clauses[clauses.length - 1]}`;
}
