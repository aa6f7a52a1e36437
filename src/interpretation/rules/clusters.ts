import type { ChangeCategory, ChangeDirection } from '../../diffing/diff.types';
import type { RuleContext } from './context';
import type { ClusterKind, Reading } from './readings';
import { changeScore } from './severity';

/** Related field diffs read together: one plan, one post, one release, the hero, the logo wall. */
export interface Cluster {
  kind: ClusterKind;
  group: string;
  readings: Reading[];
  /** Scores of the member diffs, by reading index. */
  scores: Map<number, number>;
  score: number;
  alertable: boolean;
}

/** What a writer says about one cluster. */
export interface ClusterText {
  /** One sentence naming the competitor, for the change summary when this cluster leads. */
  sentence: string;
  /** Short label for the cluster list. */
  headline: string;
  /** What the cluster means, in one sentence. */
  meaning: string;
  /** Why it matters to someone competing with this competitor. */
  why: string;
  /** What to do about it; dropped when the change is info-level. */
  action: string;
  /** Set when the cluster is better described by another category than the monitor's derived one. */
  category?: ChangeCategory;
  /** Set when the cluster's direction is not what its ops say (a release that deprecates). */
  direction?: ChangeDirection;
}

export type ClusterWriter = (cluster: Cluster, ctx: RuleContext) => ClusterText;

/** Clusters in the order a reader should see them: highest score first, page order on ties. */
export function buildClusters(readings: readonly Reading[], scoreOf: (reading: Reading) => number): Cluster[] {
  const groups = new Map<string, Reading[]>();
  for (const reading of readings) groups.set(reading.group, [...(groups.get(reading.group) ?? []), reading]);
  const clusters: Cluster[] = [];
  for (const [group, members] of groups) {
    const scores = new Map(members.map((reading) => [reading.index, scoreOf(reading)]));
    clusters.push({
      kind: members[0].kind,
      group,
      readings: members,
      scores,
      score: changeScore(members.map((reading) => ({ score: scores.get(reading.index) ?? 0, alertable: reading.alertable }))),
      alertable: members.some((reading) => reading.alertable),
    });
  }
  return clusters.sort(
    (a, b) =>
      Number(b.alertable) - Number(a.alertable) || b.score - a.score || a.readings[0].index - b.readings[0].index,
  );
}

/** Members of a cluster, highest score first. */
export function byScore(cluster: Cluster): Reading[] {
  return [...cluster.readings].sort(
    (a, b) => (cluster.scores.get(b.index) ?? 0) - (cluster.scores.get(a.index) ?? 0) || a.index - b.index,
  );
}

export function ofType(cluster: Cluster, ...types: string[]): Reading[] {
  return cluster.readings.filter((reading) => types.includes(reading.diff.change_type));
}
