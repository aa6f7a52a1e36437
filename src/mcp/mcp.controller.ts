import { Controller, Delete, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { readJsonBody } from '../common/json-body.guard';
import { ErrorResponse } from '../common/swagger';
import { McpRequestDto, McpResponseDto } from './dto/json-rpc.dto';
import { createMcpServer } from './mcp-server';
import { McpToolbox } from './mcp-toolbox.service';

/** What the SDK's stateless examples answer to GET and DELETE: no SSE stream, no session to end. */
const METHOD_NOT_ALLOWED = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null };

/** /mcp lives outside /v1: its server is the service root, not the document's /v1 server. */
const SERVICE_ROOT = [{ url: '/', description: 'the service root (the /v1 server without /v1)' }];

/**
 * The MCP endpoint (DESIGN §5f): Streamable HTTP, stateless (a new server and transport per
 * request, so any replica answers any call), behind the same API-key guard as /v1. The route-level
 * rate limit is skipped because each tool call is counted instead (McpToolbox).
 */
@ApiTags('mcp')
@ApiBearerAuth()
@SkipThrottle()
@Controller('mcp')
export class McpController {
  constructor(private readonly toolbox: McpToolbox) {}

  @Post()
  @ApiOperation({
    summary: 'Model Context Protocol (Streamable HTTP) for AI assistants: the API as tools',
    description:
      'One JSON-RPC 2.0 message per request, answered as JSON (stateless: no Mcp-Session-Id). Send `Accept: application/json, text/event-stream` and ' +
      '`Authorization: Bearer <API key>`. Tools: list_workspaces, list_competitors, list_changes, get_change, get_digest, get_pricing_matrix, ' +
      'get_competitor_profile, check_monitor, set_review_status; each answers `structuredContent` equal to the REST resource and a short text. ' +
      'Each tools/call is one request of the key: it counts against the per-key rate limit and the account ceiling (the X-RateLimit-* headers are on ' +
      "its response), a limited call is a tool error `rate_limited`, and check_monitor spends a check as the REST endpoint does. A tool's failure is a " +
      'tool result with `isError: true` whose text starts with the REST error code (validation_failed, not_found, rate_limited, quota_exceeded, refresh_throttled).',
    servers: SERVICE_ROOT,
  })
  @ApiHeader({ name: 'Accept', required: true, description: 'application/json, text/event-stream' })
  @ApiBody({ type: McpRequestDto })
  @ApiOkResponse({ type: McpResponseDto, description: 'the JSON-RPC response (202 with no body for a notification)' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'invalid_request: the body is not JSON (a malformed JSON-RPC message answers a JSON-RPC error)' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'unauthorized: missing, invalid or revoked API key' })
  @ApiResponse({ status: 406, description: 'a JSON-RPC error: the Accept header lacks application/json or text/event-stream' })
  @ApiResponse({ status: 413, type: ErrorResponse, description: 'payload_too_large: body over 1 MB' })
  @ApiResponse({ status: 503, type: ErrorResponse, description: 'service_unavailable: Postgres or Redis unreachable; retry with backoff' })
  async handle(@CurrentAccount() account: AccountContext, @Req() req: Request, @Res() res: Response): Promise<void> {
    await readJsonBody(req, res);
    const server = createMcpServer(this.toolbox, account, res);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  @Get()
  @HttpCode(405)
  @Header('Allow', 'POST')
  @ApiOperation({ summary: 'Not allowed: the MCP endpoint is stateless', description: 'No server-sent event stream: 405 with a JSON-RPC error.', servers: SERVICE_ROOT })
  @ApiResponse({ status: 405, description: 'method not allowed' })
  openStream(): typeof METHOD_NOT_ALLOWED {
    return METHOD_NOT_ALLOWED;
  }

  @Delete()
  @HttpCode(405)
  @Header('Allow', 'POST')
  @ApiOperation({ summary: 'Not allowed: the MCP endpoint keeps no session', description: 'No session to end: 405 with a JSON-RPC error.', servers: SERVICE_ROOT })
  @ApiResponse({ status: 405, description: 'method not allowed' })
  endSession(): typeof METHOD_NOT_ALLOWED {
    return METHOD_NOT_ALLOWED;
  }
}
