import type { Interpretation, InterpretationInput } from '../interpretation.types';
import { excerptRawDiff } from '../raw-diff-excerpt';

/**
 * The request sent to the model: the field diffs with their values trimmed and a trimmed raw diff,
 * never a whole page, so the input (and the bill) is bounded per change whatever the page size.
 */
export const SYSTEM_PROMPT = `You are a competitive-intelligence analyst for product marketers.
You read the differences detected on a competitor's web page and record ONE interpretation by calling the tool record_interpretation.

Rules:
- Use only facts present in the field diffs and the raw diff. Never invent numbers, names or dates.
- summary: ONE factual sentence that names the competitor and states the numbers (old and new price, percentage, version, counts), e.g. "Acme raised Pro from $49 to $59 a month (+20%)."
- why_it_matters: specific to this change and to someone competing with this competitor; no generic advice.
- recommended_action: one concrete next step, or null when the change is info-level and nothing needs doing.
- severity_score 0-100 and severity bands: info 0-19, low 20-39, medium 40-59, high 60-79, critical 80-100. Price moves scale with their size (about 45 + 1 point per percent on a plan; 20% is high); a removed plan is high, a removed free plan critical; a new enterprise tier medium; an ordinary blog post info or low unless it announces a launch, pricing, funding, an acquisition or a partnership; reworded footer or body text is info.
- category: pricing, feature, content, partnership, social_proof, positioning or other. direction: advanced (things added or increased), retreated (removed or decreased), neutral.
- opportunity_score 0-100: how much room the change opens for the user. Competitor retreats (price rises, removed plans, features, free tier, integrations) score high; launches, price cuts and funding are threats and score low; new content adds a little for the search keywords it targets.
- clusters: group related field diffs (same plan, same post or release, same page section); diff_indexes are the "i" values of the field diffs, each used at most once.
- seo_keywords: up to 8 search phrases from the titles of new posts, entries, pages or sections; no stop-words, no competitor name.
A deterministic baseline interpretation is included; keep its numbers unless the diffs show they are wrong.`;

export const TOOL_NAME = 'record_interpretation';

export interface PromptParts {
  system: string;
  user: string;
}

/** Characters kept of each old/new value: enough for a post title and excerpt or a plan's prices. */
const VALUE_CHARS = 400;

export function buildPrompt(input: InterpretationInput, baseline: Interpretation, maxInputChars: number): PromptParts {
  const header = [
    `Competitor: ${input.competitor.name} (${input.competitor.domain})`,
    `Monitor: ${input.monitor.type} page ${input.monitor.url}`,
    `Captured: ${input.previous_captured_at ?? 'first capture'} -> ${input.captured_at}`,
    `Derived by diffing: category=${input.category}, direction=${input.direction}, delta=${JSON.stringify(input.delta)}`,
    `Baseline: ${JSON.stringify({
      severity: baseline.severity,
      severity_score: baseline.severity_score,
      category: baseline.category,
      direction: baseline.direction,
      summary: baseline.summary,
      opportunity_score: baseline.opportunity_score,
    })}`,
  ].join('\n');

  // Diffs get most of the budget: they are structured and carry the numbers; the raw diff is context.
  const budget = Math.max(1000, maxInputChars - header.length);
  const diffs = diffLines(input, Math.floor(budget * 0.7));
  const rawBudget = Math.max(0, budget - diffs.length - 200);
  const raw = excerptRawDiff(input.raw_diff_excerpt ?? '', rawBudget);
  const user = `${header}\n\nField diffs (${input.field_diffs.length}; "i" is the index to use in clusters):\n${diffs}\n\nRaw diff excerpt:\n${raw || '(none)'}`;
  return { system: SYSTEM_PROMPT, user: user.slice(0, maxInputChars) };
}

function diffLines(input: InterpretationInput, budget: number): string {
  // Alertable diffs first: when the budget runs out, what is dropped is the least important.
  const order = input.field_diffs
    .map((diff, i) => ({ diff, i }))
    .filter(({ diff }) => diff.tier !== 'noise')
    .sort((a, b) => Number(b.diff.tier === 'alertable') - Number(a.diff.tier === 'alertable') || a.i - b.i);
  const lines: string[] = [];
  let used = 0;
  for (const { diff, i } of order) {
    const line = JSON.stringify({
      i,
      op: diff.op,
      change_type: diff.change_type,
      path: trim(diff.path, 200),
      tier: diff.tier,
      old: trimValue(diff.old),
      new: trimValue(diff.new),
    });
    if (used + line.length + 1 > budget) {
      lines.push(`(${order.length - lines.length} more diffs omitted)`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join('\n');
}

function trimValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return trim(value, VALUE_CHARS);
  if (typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  return json.length <= VALUE_CHARS ? value : `${json.slice(0, VALUE_CHARS)}…`;
}

function trim(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
