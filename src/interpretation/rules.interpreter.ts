import type { Interpretation, InterpretationInput, Interpreter } from './interpretation.types';
import { checkInterpretation } from './post-checks';
import { refineCategory, refineDirection } from './rules/classify';
import { buildClusters, type Cluster, type ClusterText } from './rules/clusters';
import { contextOf, type RuleContext } from './rules/context';
import { keywordsOf } from './rules/keywords';
import { NOTICE_OPPORTUNITY, NOTICE_SCORE, noticeAdvice, withdrawalNotice } from './rules/notices';
import { opportunityOf } from './rules/opportunity';
import { readDiffs, type Reading } from './rules/readings';
import { BASE, changeScore, scoreReading, severityOf } from './rules/severity';
import { summarise } from './rules/summary';
import { sentence } from './rules/text';
import { WRITERS } from './rules/writers';
import { writeOther } from './rules/writers/lists.writer';

export const RULES_INTERPRETER_NAME = 'rules-v1';

/**
 * The built-in interpreter: deterministic rules over the field diffs (same input, same output),
 * always available, and the fallback whenever a model is not. The models behind each field are
 * in rules/severity.ts, rules/opportunity.ts and docs/interpretation.md.
 */
export class RulesInterpreter implements Interpreter {
  readonly name = RULES_INTERPRETER_NAME;

  async interpret(input: InterpretationInput): Promise<Interpretation> {
    return interpretWithRules(input);
  }
}

export function interpretWithRules(input: InterpretationInput): Interpretation {
  const ctx = contextOf(input);
  const readings = readDiffs(input.field_diffs);
  if (readings.length === 0) return unexplained(input, ctx.competitor);

  const scores = new Map(readings.map((reading) => [reading.index, safeScore(reading, ctx, readings)]));
  const scoreOf = (index: number) => scores.get(index) ?? 0;
  const clusters = buildClusters(readings, (reading) => scoreOf(reading.index));
  const texts = clusters.map((cluster) => safeWrite(cluster, ctx));
  const scored = readings.map((reading) => ({ score: scoreOf(reading.index), alertable: reading.alertable }));
  // A withdrawal written in prose has no field diff; it counts as one more alertable move.
  const notice = readings.some((reading) => reading.alertable) ? withdrawalNotice(ctx) : null;
  if (notice) scored.push({ score: NOTICE_SCORE, alertable: true });
  const severity_score = changeScore(scored);
  const severity = severityOf(severity_score);
  const keywords = keywordsOf(readings, ctx);
  const lead = notice && NOTICE_SCORE >= clusters[0].score ? noticeAdvice(notice, ctx.competitor) : texts[0];
  const opportunity = opportunityOf(readings, ctx, keywords.length);

  return checkInterpretation({
    severity,
    severity_score,
    category: refineCategory(input.category, clusters, texts),
    direction: notice ? 'retreated' : refineDirection(input.direction, clusters, texts, readings),
    summary: summarise(clusters, texts, notice ? { clause: noticeAdvice(notice, ctx.competitor).clause, score: NOTICE_SCORE } : null, ctx.competitor),
    why_it_matters: lead.why,
    // Info-level changes are recorded for the history; there is nothing to do about them.
    recommended_action: severity === 'info' ? null : lead.action,
    opportunity_score: notice ? Math.max(opportunity, NOTICE_OPPORTUNITY) : opportunity,
    clusters: clusters.map((cluster, i) => ({
      headline: texts[i].headline,
      meaning: texts[i].meaning,
      diff_indexes: cluster.readings.map((reading) => reading.index),
    })),
    enrichment: { seo_opportunity: { keywords } },
    interpreted_by: RULES_INTERPRETER_NAME,
  }, input);
}

/*
 * Diff values arrive as `unknown` (stored JSON, other extractor versions). A shape no rule expected
 * must cost wording or precision, never the change: the base score and the generic writer stand in.
 */
function safeScore(reading: Reading, ctx: RuleContext, readings: readonly Reading[]): number {
  try {
    return scoreReading(reading, ctx, readings);
  } catch {
    const base = BASE[reading.diff.change_type] ?? 15;
    return reading.alertable ? base : Math.min(19, Math.round(base / 2));
  }
}

function safeWrite(cluster: Cluster, ctx: RuleContext): ClusterText {
  try {
    return WRITERS[cluster.kind](cluster, ctx);
  } catch {
    return writeOther(cluster, ctx);
  }
}

/** Only noise-tier diffs (or none): the page moved, no tracked field did. Kept as info so nothing is lost. */
function unexplained(input: InterpretationInput, competitor: string): Interpretation {
  return {
    severity: 'info',
    severity_score: 0,
    category: input.category,
    direction: input.direction,
    summary: sentence(`${competitor}'s ${input.monitor.type} page changed, but no tracked field did`),
    why_it_matters: 'Only noise moved (timestamps, tokens, formatting); nothing a buyer would notice.',
    recommended_action: null,
    opportunity_score: 0,
    clusters: [],
    enrichment: { seo_opportunity: { keywords: [] } },
    interpreted_by: RULES_INTERPRETER_NAME,
  };
}
