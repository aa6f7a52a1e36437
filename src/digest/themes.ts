import type { Severity } from '../common/severity';
import { severityRank, SEVERITIES } from '../common/severity';
import type { FieldDiff } from '../diffing/diff.types';
import { listJoin, quote } from '../interpretation/rules/text';
import { upmarketSignals } from '../interpretation/rules/upmarket';

/**
 * Cross-surface themes: related changes of one competitor within a window — the same launch on
 * its changelog, blog and docs; a new Enterprise plan beside SSO docs — read as one move, with a
 * one-line summary ("Joplin is moving upmarket: SSO on its changelog, blog and docs").
 *
 * Two changes of one competitor are related when they were recorded within THEME_WINDOW_DAYS of
 * each other and share a topic: an upmarket signal (SSO, SCIM, audit logs, SOC 2, an Enterprise
 * plan…) or a keyword phrase the interpreter found. Related changes are grouped transitively, and
 * a group is a theme only when it spans at least two surfaces (monitor types).
 */
export const THEME_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

export interface ThemeCandidate {
  change_id: number;
  competitor_id: number;
  competitor: string;
  monitor_type: string;
  severity: Severity;
  created_at: Date;
  field_diffs: FieldDiff[];
  /** The interpreter's SEO keywords of the change (enrichment.seo_opportunity.keywords). */
  keywords: string[];
}

export interface Theme {
  competitor_id: number;
  competitor: string;
  /** One line naming the move and the surfaces it shows on. */
  summary: string;
  /** What the changes share: upmarket signals first, then keyword phrases. */
  topics: string[];
  /** Monitor types in the order the theme reached them. */
  surfaces: string[];
  change_ids: number[];
  severity: Severity;
  first_seen: string;
  last_seen: string;
}

interface Topics {
  upmarket: Set<string>;
  keywords: Set<string>;
}

export function groupThemes(candidates: readonly ThemeCandidate[], windowDays = THEME_WINDOW_DAYS): Theme[] {
  const sorted = [...candidates].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.change_id - b.change_id);
  const topics = sorted.map(topicsOf);
  const parent = sorted.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  // Only changes of one competitor that carry a topic can be related: compare within those.
  const byCompetitor = new Map<number, number[]>();
  sorted.forEach((candidate, i) => {
    if (topics[i].upmarket.size + topics[i].keywords.size === 0) return;
    const members = byCompetitor.get(candidate.competitor_id);
    if (members) members.push(i);
    else byCompetitor.set(candidate.competitor_id, [i]);
  });
  for (const members of byCompetitor.values()) {
    for (let a = 0; a < members.length; a++) {
      const i = members[a];
      for (let b = a + 1; b < members.length; b++) {
        const j = members[b];
        if (sorted[j].created_at.getTime() - sorted[i].created_at.getTime() > windowDays * DAY_MS) break;
        if (sharesTopic(topics[i], topics[j])) parent[root(j)] = root(i);
      }
    }
  }
  const groups = new Map<number, number[]>();
  sorted.forEach((_, i) => {
    const group = groups.get(root(i));
    if (group) group.push(i);
    else groups.set(root(i), [i]);
  });
  const themes: Theme[] = [];
  for (const members of groups.values()) {
    const surfaces = [...new Set(members.map((i) => sorted[i].monitor_type))];
    if (surfaces.length < 2) continue;
    themes.push(themeOf(members.map((i) => sorted[i]), members.map((i) => topics[i]), surfaces));
  }
  return themes.sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || b.last_seen.localeCompare(a.last_seen));
}

function themeOf(changes: ThemeCandidate[], topics: Topics[], surfaces: string[]): Theme {
  // A topic counts when at least two of the changes carry it; the most widely shared comes first.
  const tally = (pick: (t: Topics) => Set<string>) => {
    const counts = new Map<string, number>();
    for (const t of topics) for (const topic of pick(t)) counts.set(topic, (counts.get(topic) ?? 0) + 1);
    return [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]).map(([topic]) => topic);
  };
  const upmarket = tally((t) => t.upmarket);
  const keywords = tally((t) => t.keywords);
  const competitor = changes[0].competitor;
  const where = `on its ${listJoin(surfaces.map(surfaceName), 6)}`;
  const summary = upmarket.length > 0
    ? `${competitor} is moving upmarket: ${listJoin(upmarket, 3)} ${where}`
    : `${competitor} is pushing ${quote(keywords[0] ?? 'one launch', 60)} ${where}`;
  const top = Math.max(...changes.map((change) => severityRank(change.severity)));
  return {
    competitor_id: changes[0].competitor_id,
    competitor,
    summary,
    topics: [...upmarket, ...keywords],
    surfaces,
    change_ids: changes.map((change) => change.change_id),
    severity: SEVERITIES[top],
    first_seen: changes[0].created_at.toISOString(),
    last_seen: changes[changes.length - 1].created_at.toISOString(),
  };
}

/** How a surface is named in a sentence. */
export function surfaceName(monitorType: string): string {
  return SURFACE_NAMES[monitorType] ?? `${monitorType} page`;
}

const SURFACE_NAMES: Record<string, string> = {
  blog: 'blog',
  careers: 'careers page',
  changelog: 'changelog',
  custom: 'site',
  docs: 'docs',
  homepage: 'homepage',
  integrations: 'integrations page',
  pricing: 'pricing page',
};

function topicsOf(candidate: ThemeCandidate): Topics {
  return {
    upmarket: new Set(upmarketSignals(candidate.field_diffs)),
    keywords: new Set(candidate.keywords.map((keyword) => keyword.trim().toLowerCase()).filter((keyword) => keyword.length >= 3)),
  };
}

function sharesTopic(a: Topics, b: Topics): boolean {
  for (const topic of a.upmarket) if (b.upmarket.has(topic)) return true;
  for (const topic of a.keywords) if (b.keywords.has(topic)) return true;
  return false;
}
