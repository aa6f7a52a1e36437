import type { ChangesService } from '../../changes/changes.service';
import { ListChangesQuery } from '../../changes/dto/change-query.dto';
import type { ChangeListResponse, ChangeResponse } from '../../changes/dto/change.response';
import { ChangeInput, ReviewInput } from '../dto/tool-inputs.dto';
import { ARGUMENTS } from '../schemas/arguments';
import { OUTPUT_SCHEMAS } from '../schemas/output-schemas';
import { McpTool, objectSchema, tool } from '../tool';
import { bullets, changeLine, counted, oneLine } from './text';

function changeDetailText({ change }: ChangeResponse): string {
  return [
    changeLine(change),
    `Why it matters: ${oneLine(change.why_it_matters)}`,
    ...(change.recommended_action ? [`Recommended action: ${oneLine(change.recommended_action)}`] : []),
    `${counted(change.field_diffs.length, 'field difference')}; source: ${change.source_url}`,
  ].join('\n');
}

function feedText(feed: ChangeListResponse, query: ListChangesQuery): string {
  const since = query.since ? ` since ${query.since}` : '';
  if (feed.changes.length === 0) return `No changes${since} in workspace ${query.workspace_id} match.`;
  const more = feed.next_cursor === null ? '' : `\nMore: call list_changes again with after=${feed.next_cursor}.`;
  return `${counted(feed.changes.length, 'change')}${since}, newest first:\n${bullets(feed.changes.map(changeLine))}${more}`;
}

export function changeTools(changes: ChangesService): McpTool[] {
  return [
    tool<ListChangesQuery, ChangeListResponse>({
      name: 'list_changes',
      title: 'List changes',
      description:
        "Reads a workspace's change feed, newest first: each change is a difference seen on a competitor's page, interpreted (severity, summary, " +
        'recommended action, review status). Filter by time (since), severity floor, review status, competitor or kind of page (monitor_type: pricing, blog…). ' +
        'Paged: when next_cursor is not null, call again with after=next_cursor. Use get_change for the details of one. Same as GET /v1/changes.',
      inputSchema: objectSchema(
        {
          workspace_id: ARGUMENTS.workspace_id,
          since: ARGUMENTS.since,
          min_severity: ARGUMENTS.min_severity,
          review_status: ARGUMENTS.review_status,
          competitor_id: ARGUMENTS.competitor_id,
          monitor_type: ARGUMENTS.monitor_type,
          limit: ARGUMENTS.limit,
          after: ARGUMENTS.after,
        },
        ['workspace_id'],
      ),
      outputSchema: OUTPUT_SCHEMAS.changes,
      annotations: { readOnlyHint: true, openWorldHint: false },
      input: ListChangesQuery,
      run: (account, query) => changes.feed(account, query),
      text: feedText,
    }),
    tool<ChangeInput, ChangeResponse>({
      name: 'get_change',
      title: 'Get a change',
      description:
        'Reads one change in full: summary, why it matters, recommended action, and the field differences (before and after values, e.g. a plan price) ' +
        'with clusters and evidence, plus the source page URL. Same as GET /v1/changes/{change_id}.',
      inputSchema: objectSchema({ change_id: ARGUMENTS.change_id }, ['change_id']),
      outputSchema: OUTPUT_SCHEMAS.change,
      annotations: { readOnlyHint: true, openWorldHint: false },
      input: ChangeInput,
      run: async (account, input) => ({ change: await changes.get(account, input.change_id) }),
      text: changeDetailText,
    }),
    tool<ReviewInput, ChangeResponse>({
      name: 'set_review_status',
      title: 'Triage a change',
      description:
        'Sets the review status of a change: acknowledged (seen and handled), dismissed (not relevant) or unreviewed (back to the inbox). ' +
        'Returns the updated change. Only when the user asks to triage. Same as PATCH /v1/changes/{change_id}.',
      inputSchema: objectSchema({ change_id: ARGUMENTS.change_id, review_status: ARGUMENTS.review_status }, ['change_id', 'review_status']),
      outputSchema: OUTPUT_SCHEMAS.change,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      input: ReviewInput,
      run: async (account, input) => ({ change: await changes.review(account, input.change_id, input.review_status) }),
      text: ({ change }) => `Change ${change.id} is now ${change.review_status}.\n${changeLine(change)}`,
    }),
  ];
}
