import type { ChangeCategory, ChangeDirection } from '../../diffing/diff.types';
import type { Cluster, ClusterText } from './clusters';
import type { Reading } from './readings';

/**
 * Category and direction start from the ones diffing derived; the rules refine them only where
 * the leading cluster knows better — a post that announces a partnership, a release that mostly
 * deprecates, docs pages that document a feature.
 */
export function refineCategory(derived: ChangeCategory, clusters: Cluster[], texts: ClusterText[]): ChangeCategory {
  const lead = leadIndex(clusters);
  return (lead >= 0 ? texts[lead].category : undefined) ?? derived;
}

export function refineDirection(
  derived: ChangeDirection,
  clusters: Cluster[],
  texts: ClusterText[],
  readings: readonly Reading[],
): ChangeDirection {
  const lead = leadIndex(clusters);
  const override = lead >= 0 ? texts[lead].direction : undefined;
  if (override) return override;
  // With nothing alertable, diffing's direction is always neutral; the informational diffs still say which way things moved.
  if (!readings.some((reading) => reading.alertable)) {
    const balance = readings.reduce((sum, reading) => sum + (reading.diff.op === 'added' ? 1 : reading.diff.op === 'removed' ? -1 : 0), 0);
    return balance > 0 ? 'advanced' : balance < 0 ? 'retreated' : 'neutral';
  }
  return derived;
}

function leadIndex(clusters: Cluster[]): number {
  return clusters.length > 0 ? 0 : -1;
}
