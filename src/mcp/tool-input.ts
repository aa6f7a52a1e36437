import { inputProblems } from '../common/input-text';
import { validationFailed } from '../common/errors';
import { AppValidationPipe } from '../common/validation.pipe';
import type { McpTool } from './tool';

const pipe = new AppValidationPipe();

/**
 * A tool's arguments as its DTO, checked as REST checks a body: nothing Postgres cannot store,
 * every required argument present, then the DTO's rules with unknown fields refused. Any problem
 * is a 422-style `validation_failed` naming the fields.
 */
export async function parseToolInput<Input extends object>(tool: McpTool<Input>, args: Record<string, unknown>): Promise<Input> {
  const problems = inputProblems(args, 'arguments');
  if (problems.length > 0) throw validationFailed(problems);
  const missing = (tool.inputSchema.required ?? []).filter((name) => args[name] === undefined);
  if (missing.length > 0) throw validationFailed(missing.map((field) => ({ field, message: `${field} is required` })));
  return (await pipe.transform(args, { type: 'body', metatype: tool.input })) as Input;
}
