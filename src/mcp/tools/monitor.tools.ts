import type { ChecksService } from '../../monitors/checks.service';
import type { CheckQueuedResponse } from '../../monitors/dto/monitor.response';
import { MonitorInput } from '../dto/tool-inputs.dto';
import { ARGUMENTS } from '../schemas/arguments';
import { OUTPUT_SCHEMAS } from '../schemas/output-schemas';
import { McpTool, objectSchema, tool } from '../tool';

export function monitorTools(checks: ChecksService): McpTool[] {
  return [
    tool<MonitorInput, CheckQueuedResponse>({
      name: 'check_monitor',
      title: 'Check a page now',
      description:
        'Queues an on-demand check of one monitored page, so a change made minutes ago shows up without waiting for the schedule. ' +
        "Spends one check of the account's monthly quota (quota_exceeded when none is left) and is refused shortly after the previous check " +
        '(refresh_throttled, with the seconds to wait). The check runs in the background: read its outcome later with list_changes. ' +
        'Same as POST /v1/monitors/{monitor_id}/check.',
      inputSchema: objectSchema({ monitor_id: ARGUMENTS.monitor_id }, ['monitor_id']),
      outputSchema: OUTPUT_SCHEMAS.checkQueued,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      input: MonitorInput,
      run: (account, input) => checks.checkNow(account, input.monitor_id),
      text: (queued) => `Check of monitor ${queued.monitor_id} queued (run ${queued.run_id}); any change it finds will appear in list_changes.`,
    }),
  ];
}
