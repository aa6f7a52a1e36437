import type { JsonSchema, ObjectSchema } from '../tool';

/** Small builders for the tools' JSON Schemas, so each shape reads as its REST resource does. */
export const str = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
export const int = (description?: string): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}) });
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
export const oneOf = (values: readonly string[], description?: string): JsonSchema => ({ ...str(description), enum: [...values] });
export const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });
export const nullable = (schema: JsonSchema): JsonSchema => {
  const type = schema.type as string;
  const { enum: values, ...rest } = schema;
  return { ...rest, type: [type, 'null'], ...(values ? { enum: [...(values as unknown[]), null] } : {}) };
};

/**
 * An object of a response: every listed property is required (the REST resource always carries
 * it), and further properties are allowed, so a field REST gains later does not break callers.
 */
export function shape(properties: Record<string, JsonSchema>, description?: string): ObjectSchema {
  return { type: 'object', properties, required: Object.keys(properties), ...(description ? { description } : {}) };
}

/** An object whose inner shape the resource leaves open (e.g. a field diff's `old` and `new`). */
export const anyObject: JsonSchema = { type: 'object' };
