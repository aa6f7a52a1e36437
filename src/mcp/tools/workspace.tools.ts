import type { CompetitorsService } from '../../competitors/competitors.service';
import type { CompetitorListResponse } from '../../competitors/dto/competitor.response';
import type { DigestService } from '../../digest/digest.service';
import type { DigestResponse } from '../../digest/dto/digest.response';
import type { WorkspaceListResponse } from '../../workspaces/dto/workspace.response';
import type { WorkspacesService } from '../../workspaces/workspaces.service';
import { DigestInput, NoInput, WorkspaceInput } from '../dto/tool-inputs.dto';
import { ARGUMENTS } from '../schemas/arguments';
import { OUTPUT_SCHEMAS } from '../schemas/output-schemas';
import { McpTool, objectSchema, tool } from '../tool';
import { bullets, changeLine, counted, day, oneLine } from './text';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false };

export function workspaceTools(workspaces: WorkspacesService, competitors: CompetitorsService, digests: DigestService): McpTool[] {
  return [
    tool<NoInput, WorkspaceListResponse>({
      name: 'list_workspaces',
      title: 'List workspaces',
      description:
        'Lists every workspace of the account (a workspace groups the competitors of one product or market), with how many changes await review, ' +
        'the highest unreviewed severity, and competitor and monitor counts. Start here: the other tools need a workspace_id. ' +
        'Same as GET /v1/workspaces.',
      inputSchema: objectSchema({}),
      outputSchema: OUTPUT_SCHEMAS.workspaces,
      annotations: READ_ONLY,
      input: NoInput,
      run: async (account) => ({ workspaces: await workspaces.list(account) }),
      text: ({ workspaces: list }) =>
        list.length === 0
          ? 'No workspaces yet.'
          : `${counted(list.length, 'workspace')}:\n` +
            bullets(
              list.map(
                (w) =>
                  `${oneLine(w.name)} (workspace ${w.id}): ${counted(w.competitors_count, 'competitor')}, ${counted(w.monitors_total, 'monitor')}, ` +
                  `${w.needs_review_count} to review${w.max_unreviewed_severity ? ` (up to ${w.max_unreviewed_severity})` : ''}`,
              ),
            ),
    }),
    tool<WorkspaceInput, CompetitorListResponse>({
      name: 'list_competitors',
      title: 'List competitors',
      description:
        'Lists the competitors watched in a workspace, each with its discovery status and its monitors (the pages watched: pricing, blog, changelog, docs, homepage…) ' +
        'with their last run. Use it to find competitor_id and monitor_id values. Same as GET /v1/workspaces/{workspace_id}/competitors.',
      inputSchema: objectSchema({ workspace_id: ARGUMENTS.workspace_id }, ['workspace_id']),
      outputSchema: OUTPUT_SCHEMAS.competitors,
      annotations: READ_ONLY,
      input: WorkspaceInput,
      run: async (account, input) => ({ competitors: await competitors.list(account, input.workspace_id) }),
      text: ({ competitors: list }, input) =>
        list.length === 0
          ? `No competitors in workspace ${input.workspace_id}.`
          : `${counted(list.length, 'competitor')} in workspace ${input.workspace_id}:\n` +
            bullets(
              list.map(
                (c) =>
                  `${oneLine(c.name)} (competitor ${c.id}, ${c.domain}), discovery ${c.discovery_status}; monitors: ` +
                  (c.monitors.map((m) => `${m.monitor_type} ${m.id} (${m.status})`).join(', ') || 'none'),
              ),
            ),
    }),
    tool<DigestInput, DigestResponse>({
      name: 'get_digest',
      title: 'Workspace digest',
      description:
        'Summarises a workspace over the last 1, 7 or 30 days (default 7d): the unreviewed changes of severity high or above that need review, ' +
        "who is moving (changes per competitor, with a daily sparkline), the top opportunities, cross-surface themes, and monitor coverage (healthy or failing). " +
        'Use it for "what happened this week?" overviews. Same as GET /v1/workspaces/{workspace_id}/digest.',
      inputSchema: objectSchema({ workspace_id: ARGUMENTS.workspace_id, period: ARGUMENTS.period }, ['workspace_id']),
      outputSchema: OUTPUT_SCHEMAS.digest,
      annotations: READ_ONLY,
      input: DigestInput,
      run: async (account, input) => ({ digest: await digests.forWorkspace(account, input.workspace_id, input.period) }),
      text: ({ digest }) => {
        const lines = [
          `${oneLine(digest.workspace_name)}, ${digest.period} digest (${day(digest.window_start)} to ${day(digest.window_end)}). ` +
            `Needs review: ${counted(digest.needs_review.count, 'change')} of severity high or above.`,
          ...digest.needs_review.items.map((item) => `- ${changeLine({ ...item, id: item.change_id })}`),
        ];
        if (digest.whos_moving.length > 0) {
          lines.push(`Who's moving: ${digest.whos_moving.map((m) => `${oneLine(m.competitor)} (${m.count}, up to ${m.max_severity})`).join(', ')}.`);
        }
        const { coverage } = digest;
        lines.push(`Coverage: ${coverage.monitors_healthy} of ${coverage.monitors_total} monitors healthy.`);
        return lines.join('\n');
      },
    }),
  ];
}
