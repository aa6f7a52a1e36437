import { AnthropicInterpreter, type InterpretationLogger } from './anthropic.interpreter';
import type { Interpreter } from './interpretation.types';
import { RulesInterpreter } from './rules.interpreter';

/** Interpreter settings as config hands them over; nulls mean "not configured". */
export interface InterpreterSettings {
  apiKey?: string | null;
  baseURL?: string | null;
  model?: string | null;
  timeoutMs?: number;
  maxRetries?: number;
  maxInputChars?: number;
  maxOutputTokens?: number;
  logger?: InterpretationLogger;
}

/** Claude when an API key is configured (the rules stay its fallback), otherwise the rules alone. */
export function createInterpreter(settings: InterpreterSettings = {}): Interpreter {
  if (!settings.apiKey) return new RulesInterpreter();
  return new AnthropicInterpreter({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL ?? undefined,
    model: settings.model ?? undefined,
    timeoutMs: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    maxInputChars: settings.maxInputChars,
    maxOutputTokens: settings.maxOutputTokens,
    logger: settings.logger,
  });
}
