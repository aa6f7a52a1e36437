import { Injectable } from '@nestjs/common';
import type { AccountContext } from '../accounts/account-context';
import type { FieldDiff } from '../diffing/diff.types';
import { listJoin } from '../interpretation/rules/text';
import { upmarketSignalsIn } from '../interpretation/rules/upmarket';
import { ScopedLookup } from '../scoping/scoped-lookup';
import { apiDigestPlan } from './digest-plan';
import { toThemeCandidate } from './digest.builder';
import { DigestRepository } from './digest.repository';
import { DAY_MS, type DigestPeriod } from './digest.types';
import { groupThemes, surfaceName, THEME_WINDOW_DAYS, type Theme } from './themes';

/** A theme as one entry of a change's `clusters`: the spec's three keys, plus the theme itself. */
export interface ThemeCluster {
  headline: string;
  meaning: string;
  diff_indexes: number[];
  theme: Pick<Theme, 'summary' | 'topics' | 'surfaces' | 'change_ids' | 'severity' | 'first_seen' | 'last_seen'>;
}

@Injectable()
export class ThemesService {
  constructor(
    private readonly repository: DigestRepository,
    private readonly scope: ScopedLookup,
  ) {}

  /** A workspace's themes over the period ending now (the digest's `themes` section), most severe first. */
  async forWorkspace(account: AccountContext, workspaceId: number, period: DigestPeriod = '7d'): Promise<Theme[]> {
    const workspace = await this.scope.workspace(account.accountId, workspaceId);
    const plan = apiDigestPlan(workspace.id, period, new Date());
    const rows = await this.repository.themeCandidates(workspace.id, plan.changes);
    return groupThemes(rows.map(toThemeCandidate));
  }

  /**
   * The theme a change belongs to, read among its competitor's changes within the theme window
   * on either side of it (the blog post may follow the changelog entry), as a cluster entry.
   */
  async clusterOf(change: { id: number; competitor_id: number; created_at: Date; field_diffs: unknown[] }): Promise<ThemeCluster | null> {
    const at = new Date(change.created_at).getTime();
    const window = THEME_WINDOW_DAYS * DAY_MS;
    const rows = await this.repository.competitorThemeCandidates(change.competitor_id, new Date(at - window), new Date(at + window));
    const theme = groupThemes(rows.map(toThemeCandidate)).find((candidate) => candidate.change_ids.includes(change.id));
    if (!theme) return null;
    const others = theme.change_ids.filter((id) => id !== change.id);
    return {
      headline: theme.summary,
      meaning: `One move across ${listJoin(theme.surfaces.map(surfaceName), 6)}: see also ${others.length === 1 ? 'change' : 'changes'} ${listJoin(others.map(String), 10)}.`,
      diff_indexes: topicIndexes(change.field_diffs as FieldDiff[], theme.topics),
      theme: {
        summary: theme.summary,
        topics: theme.topics,
        surfaces: theme.surfaces,
        change_ids: theme.change_ids,
        severity: theme.severity,
        first_seen: theme.first_seen,
        last_seen: theme.last_seen,
      },
    };
  }
}

/** The change's alertable diffs that carry one of the theme's topics; all its alertable diffs when none names one. */
function topicIndexes(diffs: FieldDiff[], topics: string[]): number[] {
  const alertable = diffs.map((diff, index) => ({ diff, index })).filter(({ diff }) => diff?.tier === 'alertable');
  const carrying = alertable.filter(({ diff }) => {
    const text = JSON.stringify(diff.new ?? '').toLowerCase();
    return topics.some((topic) => upmarketSignalsIn(text).includes(topic) || text.includes(topic.toLowerCase()));
  });
  return (carrying.length > 0 ? carrying : alertable).map(({ index }) => index);
}
