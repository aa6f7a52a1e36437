import type { ChangelogEntry } from '../capture/capture.types';
import { severityRank } from '../common/severity';
import { directionWithin } from '../diffing/derive';
import type { FieldDiff } from '../diffing/diff.types';
import type { Interpretation, InterpretationInput } from './interpretation.types';
import { parsePath } from './rules/paths';
import { titleOf } from './rules/readings';
import { BANDS } from './rules/severity';
import { listJoin, squash, truncate } from './rules/text';
import { upmarketSignals } from './rules/upmarket';

/**
 * Checks every interpretation passes before it is stored, whichever interpreter wrote it (the
 * rules or a model): upmarket moves weigh at least `medium` and say so, internal keys never reach
 * a sentence, the direction never contradicts the delta's counts, and long texts are cut at a
 * sentence or word boundary with an ellipsis.
 */
export function checkInterpretation(result: Interpretation, input: InterpretationInput): Interpretation {
  const competitor = squash(input.competitor.name) || input.competitor.domain;
  const readable = withoutInternalKeys(result, input);
  const direction = directionWithin(result.direction, input.delta);
  return withinLengths(upmarketFloor({ ...readable, direction }, input.field_diffs, competitor));
}

/** The lowest score of the `medium` band. */
const MEDIUM_FLOOR = BANDS.find(([severity]) => severity === 'medium')![1];

/** The move named where it matters: larger customers are who SSO, SCIM, audit logs and SLAs are for. */
export function upmarketWhy(competitor: string, signals: string[]): string {
  return `${competitor} is moving upmarket with ${listJoin(signals)}: it is selling to larger customers, whose security and procurement reviews ask for ${signals.length > 1 ? 'them' : 'it'}.`;
}

function upmarketFloor(result: Interpretation, diffs: readonly FieldDiff[], competitor: string): Interpretation {
  const signals = upmarketSignals(diffs);
  if (signals.length === 0) return result;
  const raised = severityRank(result.severity) < severityRank('medium');
  const named = /\b(?:upmarket|up-market|larger (?:customers|accounts|deals))\b/i.test(result.why_it_matters);
  return {
    ...result,
    severity: raised ? 'medium' : result.severity,
    severity_score: raised ? Math.max(result.severity_score, MEDIUM_FLOOR) : result.severity_score,
    why_it_matters: named ? result.why_it_matters : `${upmarketWhy(competitor, signals)} ${result.why_it_matters}`,
    recommended_action:
      result.recommended_action ??
      `Brief sales on ${competitor}'s ${listJoin(signals)} and check how your own enterprise features compare in larger deals.`,
  };
}

/**
 * Keys built by extractors ("2025-03-03-launched-sso") identify an item; people know it by its
 * title. Any such key in a text is replaced by the item's title, or by its words.
 */
function withoutInternalKeys(result: Interpretation, input: InterpretationInput): Interpretation {
  const names = new Map<string, string>();
  for (const diff of input.field_diffs) {
    const key = parsePath(diff.path).key;
    if (key && INTERNAL_KEY.test(key)) names.set(key, displayName(key, diff, input));
  }
  if (names.size === 0) return result;
  const fix = (text: string) => {
    let out = text;
    for (const [key, name] of names) out = out.split(`version ${key}`).join(name).split(key).join(name);
    return out;
  };
  return {
    ...result,
    summary: fix(result.summary),
    why_it_matters: fix(result.why_it_matters),
    recommended_action: result.recommended_action === null ? null : fix(result.recommended_action),
    clusters: result.clusters.map((cluster) => ({ ...cluster, headline: fix(cluster.headline), meaning: fix(cluster.meaning) })),
  };
}

/** Slugs: lower-case words and numbers joined by at least two hyphens, or a date-prefixed slug. */
const INTERNAL_KEY = /^(?:\d{4}-\d{2}-\d{2}-[a-z0-9-]+|[a-z0-9]+(?:-[a-z0-9]+){2,})$/;

function displayName(key: string, diff: FieldDiff, input: InterpretationInput): string {
  const own = squash(titleOf(diff.new ?? diff.old));
  if (own && parsePath(diff.path).rest === '') return `“${own}”`;
  const entries = (input.after_fields as { entries?: ChangelogEntry[] } | null | undefined)?.entries;
  const entry = Array.isArray(entries) ? entries.find((candidate) => candidate?.key === key) : undefined;
  if (entry && squash(entry.title)) return `“${squash(entry.title)}”`;
  const words = key.replace(/^\d{4}-\d{2}-\d{2}-/, '').replace(/-/g, ' ');
  return `“${words}”`;
}

const LIMITS = { summary: 300, why: 700, action: 400, headline: 140, meaning: 300 };

function withinLengths(result: Interpretation): Interpretation {
  return {
    ...result,
    summary: truncate(result.summary, LIMITS.summary),
    why_it_matters: truncate(result.why_it_matters, LIMITS.why),
    recommended_action: result.recommended_action === null ? null : truncate(result.recommended_action, LIMITS.action),
    clusters: result.clusters.map((cluster) => ({
      ...cluster,
      headline: truncate(cluster.headline, LIMITS.headline),
      meaning: truncate(cluster.meaning, LIMITS.meaning),
    })),
  };
}
