import type { Cluster, ClusterText } from './clusters';
import { plural, sentence } from './text';

/** A statement without a field diff (a withdrawal notice) that the summary must still carry. */
export interface ExtraStatement {
  clause: string;
  score: number;
}

/**
 * The change summary is the leading cluster's sentence; other alertable clusters are counted, not
 * described, so the summary stays one sentence a reader can take in at a glance. A weightier
 * statement without a field diff goes first and the leading cluster follows it.
 */
export function summarise(clusters: Cluster[], texts: ClusterText[], extra: ExtraStatement | null, competitor: string): string {
  const lead = texts[0]?.sentence ?? '';
  const others = clusters.slice(1).filter((cluster) => cluster.alertable).length;
  const tail = others > 0 ? `, plus ${plural(others, 'other change')}` : '';
  if (extra) {
    const rest = lead.startsWith(`${competitor} `) ? lead.slice(competitor.length + 1).replace(/\.$/, '') : lead.replace(/\.$/, '');
    const body = extra.score >= (clusters[0]?.score ?? 0) ? `${extra.clause} and ${rest}` : `${rest} and ${extra.clause}`;
    return sentence(`${competitor} ${body}${tail}`);
  }
  return others === 0 ? lead : sentence(`${lead.replace(/\.$/, '')}${tail}`);
}
