import type { Type } from '@nestjs/common';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AccountContext } from '../accounts/account-context';

/** A JSON Schema object, as MCP lists a tool's input and output. */
export type JsonSchema = { [keyword: string]: unknown };

/** What an object-shaped schema says of its properties (inputs are always objects). */
export interface ObjectSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
}

/**
 * One MCP tool over a REST resource (DESIGN §5f): its arguments are validated by `input`, a
 * class-validator DTO (the REST endpoint's own where it has one), `run` calls the same service as
 * the REST controller and answers the REST body, and `text` renders that body in a few lines.
 */
export interface McpTool<Input extends object = object, Resource extends object = object> {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  annotations: ToolAnnotations;
  input: Type<Input>;
  run(account: AccountContext, input: Input): Promise<Resource>;
  text(resource: Resource, input: Input): string;
}

/** Declares a tool with its types tied together (a plain object literal would widen them). */
export function tool<Input extends object, Resource extends object>(definition: McpTool<Input, Resource>): McpTool {
  return definition as unknown as McpTool;
}

export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): ObjectSchema {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}
