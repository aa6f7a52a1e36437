import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorCode, STATUS_BY_CODE } from './errors';

class ErrorDetailDto {
  @ApiProperty({ example: 'name' }) field: string;
  @ApiProperty({ example: 'name should not be empty' }) message: string;
}

class ErrorObjectDto {
  @ApiProperty({ enum: Object.values(ErrorCode), example: 'not_found' }) code: string;
  @ApiProperty({ example: 'workspace not found' }) message: string;
  @ApiPropertyOptional({ type: [ErrorDetailDto], description: 'validation_failed only' }) details?: ErrorDetailDto[];
  @ApiPropertyOptional({ example: 42, description: 'discovery_in_progress only' }) active_competitor_id?: number;
  @ApiPropertyOptional({ example: 'monitors', description: 'plan_limit_exceeded only' }) resource?: string;
  @ApiPropertyOptional({ example: 3, description: 'plan_limit_exceeded only' }) limit?: number;
}

export class ErrorResponse {
  @ApiProperty({ type: ErrorObjectDto }) error: ErrorObjectDto;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'invalid_request (malformed JSON) or invalid_params (bad or missing query parameter)',
  401: 'unauthorized: missing or invalid Bearer key',
  404: 'not_found: no such record in this account',
  409: 'discovery_in_progress: another discovery is running in this workspace',
  413: 'payload_too_large: body over 1 MB',
  422: 'validation_failed, cadence_not_allowed, plan_limit_exceeded or workspace_required',
  429: 'rate_limited (see Retry-After), or quota_exceeded / refresh_throttled where the endpoint spends checks',
  503: 'service_unavailable: Postgres or Redis unreachable; retry with backoff',
};

function exampleFor(status: number): { error: { code: string; message: string } } {
  const code = (Object.keys(STATUS_BY_CODE) as ErrorCode[]).find((c) => STATUS_BY_CODE[c] === status) ?? 'internal_error';
  return { error: { code, message: DESCRIPTIONS[status] ?? code } };
}

/** Documents the error envelope for the given statuses (401 and 429 apply to every route). */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  const all = [...new Set([401, 429, 503, ...statuses])].sort();
  return applyDecorators(
    ...all.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status], type: ErrorResponse, example: exampleFor(status) }),
    ),
  );
}

type SchemaNode = { type?: string; properties?: Record<string, SchemaNode>; items?: SchemaNode; allOf?: SchemaNode[] };
type DocumentNode = {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema?: SchemaNode }> }>>;
  components?: { schemas?: Record<string, SchemaNode> };
};

/** Ids are integers (spec: "Identifiers of records are integers"), whatever a DTO's example made of them. */
const ID_NAME = /^(?:id|\w+_id|\w+_ids)$/;

/** Types every id property and parameter of the document as an integer (arrays of ids too). */
export function typeIdsAsIntegers<T extends object>(document: T): T {
  const doc = document as unknown as DocumentNode;
  const fix = (name: string, node: SchemaNode | undefined) => {
    if (!node || !ID_NAME.test(name)) return;
    if (node.type === 'number') node.type = 'integer';
    if (node.type === 'array' && node.items?.type === 'number') node.items.type = 'integer';
  };
  const walk = (node: SchemaNode | undefined) => {
    if (!node) return;
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      fix(name, child);
      walk(child);
    }
    walk(node.items);
    node.allOf?.forEach(walk);
  };
  Object.values(doc.components?.schemas ?? {}).forEach(walk);
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) for (const parameter of operation.parameters ?? []) fix(parameter.name, parameter.schema);
  }
  return document;
}
