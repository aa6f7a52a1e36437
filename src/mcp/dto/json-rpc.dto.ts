import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Swagger's picture of the MCP messages: JSON-RPC 2.0 as the Streamable HTTP transport carries it. */

const MESSAGE_ID = { oneOf: [{ type: 'integer' }, { type: 'string' }], example: 1, description: 'the JSON-RPC request id (absent on notifications)' };

export class McpRequestDto {
  @ApiProperty({ enum: ['2.0'], example: '2.0' }) jsonrpc: '2.0';
  @ApiPropertyOptional(MESSAGE_ID) id?: number | string;
  /** initialize, notifications/initialized, tools/list, tools/call or ping */
  @ApiProperty({ example: 'tools/call' })
  method: string;
  /** tools/call: the tool name and its arguments */
  @ApiPropertyOptional({
    type: Object,
    example: { name: 'list_changes', arguments: { workspace_id: 1, since: '7d', monitor_type: 'pricing' } },
  })
  params?: Record<string, unknown>;
}

class McpErrorDto {
  @ApiProperty({ example: -32600 }) code: number;
  @ApiProperty({ example: 'Invalid Request' }) message: string;
}

export class McpResponseDto {
  @ApiProperty({ enum: ['2.0'], example: '2.0' }) jsonrpc: '2.0';
  @ApiProperty(MESSAGE_ID) id: number | string | null;
  @ApiPropertyOptional({
    type: Object,
    example: {
      content: [{ type: 'text', text: '1 change since 7d, newest first:\n- [high] Acme · pricing: Acme raised Pro from $49 to $59 a month (change 501, unreviewed, 2026-11-22)' }],
      structuredContent: { changes: [{ id: 501, competitor: 'Acme', severity: 'high', summary: 'Acme raised Pro from $49 to $59 a month.' }], has_more: false, next_cursor: null },
    },
    description:
      'tools/call: `structuredContent` is the REST body of the same request, `content` a short text. A failed call has `isError: true` and a text ' +
      'starting with the REST error code (`validation_failed: …`, `not_found: …`, `rate_limited: …`, `quota_exceeded: …`).',
  })
  result?: Record<string, unknown>;
  /** protocol errors only (a malformed JSON-RPC message) */
  error?: McpErrorDto;
}
