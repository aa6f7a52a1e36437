import { Injectable, Logger } from '@nestjs/common';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Response } from 'express';
import type { AccountContext } from '../accounts/account-context';
import { PlanThrottlerGuard } from '../billing/plan-throttler.guard';
import { ChangesService } from '../changes/changes.service';
import { DomainError, ErrorCode } from '../common/errors';
import { CompetitorsService } from '../competitors/competitors.service';
import { DigestService } from '../digest/digest.service';
import { mcpToolCallsTotal } from '../health/metrics';
import { IntelligenceService } from '../intelligence/intelligence.service';
import { ChecksService } from '../monitors/checks.service';
import { WorkspacesService } from '../workspaces/workspaces.service';
import type { McpTool } from './tool';
import { parseToolInput } from './tool-input';
import { toolError, toolResult } from './tool-result';
import { changeTools } from './tools/change.tools';
import { intelligenceTools } from './tools/intelligence.tools';
import { monitorTools } from './tools/monitor.tools';
import { workspaceTools } from './tools/workspace.tools';

/** The REST body exactly as the API serialises it (dates as ISO strings, no undefined members). */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The MCP tools (DESIGN §5f) over the feature services the REST controllers call. */
@Injectable()
export class McpToolbox {
  private readonly logger = new Logger('MCP');
  private readonly tools: Map<string, McpTool>;

  constructor(
    changes: ChangesService,
    checks: ChecksService,
    competitors: CompetitorsService,
    digests: DigestService,
    intelligence: IntelligenceService,
    workspaces: WorkspacesService,
    private readonly throttler: PlanThrottlerGuard,
  ) {
    const all = [
      ...workspaceTools(workspaces, competitors, digests),
      ...changeTools(changes),
      ...intelligenceTools(intelligence),
      ...monitorTools(checks),
    ];
    this.tools = new Map(all.map((t) => [t.name, t]));
  }

  list(): Tool[] {
    return [...this.tools.values()].map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      outputSchema,
      annotations,
    }));
  }

  /**
   * One tool call, which is one request of the caller's API key: counted against the key's limit
   * and the account's ceiling (the rate-limit headers go on `res`), then validated and run as REST
   * would. Every failure is a tool error carrying the REST error code, never a protocol error.
   */
  async call(account: AccountContext, res: Response, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const tool = this.tools.get(name);
    let outcome = 'ok';
    try {
      await this.throttler.countRequest(account, account.plan.requests_per_minute, res);
      if (!tool) throw new DomainError(ErrorCode.NotFound, `no tool named "${name}"; list_tools names them`);
      const input = await parseToolInput(tool, args);
      const resource = asJson(await tool.run(account, input));
      return toolResult(resource, tool.text(resource, input));
    } catch (err) {
      const { result, code } = toolError(err);
      outcome = code;
      if (code === ErrorCode.InternalError) this.logger.error(`tool ${name} failed`, (err as Error)?.stack);
      return result;
    } finally {
      mcpToolCallsTotal.inc({ tool: tool ? name : 'unknown', outcome });
    }
  }
}
