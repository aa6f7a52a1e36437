import type { Cluster, ClusterText } from './clusters';
import { plural, sentence } from './text';

/**
 * The change summary is the leading cluster's sentence; other alertable clusters are counted, not
 * described, so the summary stays one sentence a reader can take in at a glance.
 */
export function summarise(clusters: Cluster[], texts: ClusterText[]): string {
  const lead = texts[0]?.sentence ?? '';
  const others = clusters.slice(1).filter((cluster) => cluster.alertable).length;
  if (others === 0) return lead;
  return sentence(`${lead.replace(/\.$/, '')}, plus ${plural(others, 'other change')}`);
}
