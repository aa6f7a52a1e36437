import Anthropic from '@anthropic-ai/sdk';
import { ANSWER_SCHEMA, validateAnswer, type ModelAnswer } from './anthropic/answer-schema';
import { buildPrompt, TOOL_NAME } from './anthropic/prompt';
import type { Interpretation, InterpretationInput, Interpreter } from './interpretation.types';
import { checkInterpretation } from './post-checks';
import { interpretWithRules } from './rules.interpreter';

/** The subset of Nest's Logger (or console) the interpreter writes to. */
export interface InterpretationLogger {
  log(message: string): void;
  warn(message: string): void;
}

export interface AnthropicInterpreterOptions {
  apiKey: string;
  /** Defaults to the public API; tests point it at a local fake. */
  baseURL?: string | null;
  model?: string;
  /** Whole budget for one change, retries included: past it the rules answer. */
  timeoutMs?: number;
  maxRetries?: number;
  /** Bound on the user message: field diffs and raw diff are trimmed to fit. */
  maxInputChars?: number;
  maxOutputTokens?: number;
  logger?: InterpretationLogger;
}

export const ANTHROPIC_DEFAULTS = {
  baseURL: 'https://api.anthropic.com',
  model: 'claude-sonnet-4-5',
  timeoutMs: 20_000,
  maxRetries: 2,
  maxInputChars: 12_000,
  maxOutputTokens: 1024,
} as const;

/** Why the model's answer was not used; logged, never thrown. */
type Failure = { reason: 'request_failed' | 'no_answer' | 'malformed_json' | 'schema'; detail: string };

/**
 * Interprets a change with Claude. The rules interpretation is computed first — it is the
 * baseline in the prompt and the answer whenever the model fails (time-out, 429, 529, 5xx,
 * malformed JSON, an answer that breaks the schema) — so a change is never lost for want of a
 * model. `interpreted_by` is the model name only when the model's answer was used.
 */
export class AnthropicInterpreter implements Interpreter {
  readonly name: string;
  private readonly client: Anthropic;
  private readonly options: Required<Omit<AnthropicInterpreterOptions, 'logger' | 'baseURL'>> & { baseURL: string };
  private readonly logger: InterpretationLogger | null;

  constructor(options: AnthropicInterpreterOptions) {
    this.options = {
      apiKey: options.apiKey,
      baseURL: options.baseURL || ANTHROPIC_DEFAULTS.baseURL,
      model: options.model || ANTHROPIC_DEFAULTS.model,
      timeoutMs: options.timeoutMs ?? ANTHROPIC_DEFAULTS.timeoutMs,
      maxRetries: options.maxRetries ?? ANTHROPIC_DEFAULTS.maxRetries,
      maxInputChars: options.maxInputChars ?? ANTHROPIC_DEFAULTS.maxInputChars,
      maxOutputTokens: options.maxOutputTokens ?? ANTHROPIC_DEFAULTS.maxOutputTokens,
    };
    this.name = this.options.model;
    this.logger = options.logger ?? null;
    // baseURL is always passed so the SDK never falls back to reading ANTHROPIC_BASE_URL itself.
    this.client = new Anthropic({
      apiKey: this.options.apiKey,
      baseURL: this.options.baseURL,
      maxRetries: this.options.maxRetries,
      timeout: this.options.timeoutMs,
      logLevel: 'off',
    });
  }

  async interpret(input: InterpretationInput): Promise<Interpretation> {
    const baseline = interpretWithRules(input);
    const started = Date.now();
    // Anything unexpected on the way (not only API errors) falls back too: the rules answer is already here.
    const outcome = await this.ask(input, baseline).catch((error: unknown): Failure => ({ reason: 'request_failed', detail: describeError(error) }));
    if ('reason' in outcome) {
      this.logger?.warn(
        `model ${this.options.model} not used (${outcome.reason}: ${outcome.detail}) after ${Date.now() - started} ms; rules interpretation kept`,
      );
      return baseline;
    }
    const { answer, model } = outcome;
    // The model's answer passes the same checks as the rules' (weight of upmarket moves, no internal keys, lengths).
    return checkInterpretation({
      severity: answer.severity,
      severity_score: answer.severity_score,
      category: answer.category,
      direction: answer.direction,
      summary: answer.summary,
      why_it_matters: answer.why_it_matters,
      recommended_action: answer.recommended_action,
      opportunity_score: answer.opportunity_score,
      clusters: answer.clusters,
      enrichment: {
        ...baseline.enrichment,
        seo_opportunity: { keywords: answer.seo_keywords.length > 0 ? answer.seo_keywords : baseline.enrichment.seo_opportunity.keywords },
      },
      interpreted_by: model,
    }, input);
  }

  private async ask(input: InterpretationInput, baseline: Interpretation): Promise<{ answer: ModelAnswer; model: string } | Failure> {
    const prompt = buildPrompt(input, baseline, this.options.maxInputChars);
    const started = Date.now();
    let message: Anthropic.Message;
    try {
      message = await this.client.messages.create(
        {
          model: this.options.model,
          max_tokens: this.options.maxOutputTokens,
          system: prompt.system,
          messages: [{ role: 'user', content: prompt.user }],
          tools: [{ name: TOOL_NAME, description: 'Record the interpretation of this change.', input_schema: ANSWER_SCHEMA }],
          tool_choice: { type: 'tool', name: TOOL_NAME },
        },
        // One deadline for the whole call: retries only happen while the change's time budget lasts.
        { signal: AbortSignal.timeout(this.options.timeoutMs) },
      );
    } catch (error) {
      return { reason: 'request_failed', detail: describeError(error) };
    }

    const usage = message.usage;
    this.logger?.log(
      `model ${message.model || this.options.model} interpreted a ${input.monitor.type} change for ${input.competitor.name}: ` +
        `input_tokens=${usage?.input_tokens ?? '?'} output_tokens=${usage?.output_tokens ?? '?'} ` +
        `prompt_chars=${prompt.user.length} stop_reason=${message.stop_reason ?? '?'} ${Date.now() - started} ms`,
    );

    const raw = answerOf(message);
    if ('reason' in raw) return raw;
    const checked = validateAnswer(raw.value, input.field_diffs.length);
    if (!checked.ok) return { reason: 'schema', detail: checked.errors.slice(0, 5).join('; ') };
    return { answer: checked.answer, model: message.model || this.options.model };
  }
}

/** The tool call's input, or JSON written as text by a model that ignored the tool. */
function answerOf(message: Anthropic.Message): { value: unknown } | Failure {
  const content = Array.isArray(message.content) ? message.content : [];
  const tool = content.find((block) => block.type === 'tool_use' && block.name === TOOL_NAME);
  if (tool && tool.type === 'tool_use') {
    // The SDK already parsed tool input; a string here means the model's JSON did not parse.
    if (typeof tool.input === 'string') return parseJson(tool.input);
    return { value: tool.input };
  }
  const text = content
    .filter((block): block is Anthropic.TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n')
    .trim();
  if (!text) return { reason: 'no_answer', detail: `no ${TOOL_NAME} call and no text (stop_reason ${message.stop_reason})` };
  return parseJson(text);
}

function parseJson(text: string): { value: unknown } | Failure {
  const unfenced = text.replace(/^```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  try {
    return { value: JSON.parse(unfenced) };
  } catch (error) {
    return { reason: 'malformed_json', detail: `${(error as Error).message}; starts ${JSON.stringify(unfenced.slice(0, 60))}` };
  }
}

function describeError(error: unknown): string {
  if (error instanceof Anthropic.APIError) {
    const status = error.status ?? 'no status';
    return `${error.constructor.name} (${status}): ${String(error.message).slice(0, 200)}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
