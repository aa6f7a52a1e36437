import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { ChecksService } from './checks.service';
import { CreateMonitorDto, ListMonitorsQuery, MonitorIncludeQuery, UpdateMonitorDto } from './dto/monitor.dto';
import {
  CheckQueuedResponse,
  DeletedResponse,
  MonitorListResponse,
  MonitorResponse,
} from './dto/monitor.response';
import { MonitorsService } from './monitors.service';

@ApiTags('monitors')
@ApiBearerAuth()
@Controller('monitors')
export class MonitorsController {
  constructor(
    private readonly monitors: MonitorsService,
    private readonly checks: ChecksService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List the monitors of a workspace (all, no pagination)',
    description: 'workspace_id is required (422 workspace_required without it); competitor_id narrows to one competitor.',
  })
  @ApiOkResponse({ type: MonitorListResponse })
  @ApiErrors(400, 404, 422)
  async list(@CurrentAccount() account: AccountContext, @Query() query: ListMonitorsQuery): Promise<MonitorListResponse> {
    return { monitors: await this.monitors.list(account, query.workspace_id, query.competitor_id) };
  }

  @Post()
  @ApiOperation({
    summary: 'Create a monitor and queue its baseline capture (spends one check)',
    description: 'Answers 201 with the monitor. 422 plan_limit_exceeded beyond the plan’s monitor cap, cadence_not_allowed for a cadence faster than the plan allows, validation_failed for a non-public URL.',
  })
  @ApiCreatedResponse({ type: MonitorResponse })
  @ApiErrors(400, 404, 422)
  async create(@CurrentAccount() account: AccountContext, @Body() body: CreateMonitorDto): Promise<MonitorResponse> {
    return { monitor: await this.monitors.create(account, body) };
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a monitor, optionally with its latest capture',
    description: 'include takes capture and capture_markdown (comma-separated).',
  })
  @ApiOkResponse({ type: MonitorResponse })
  @ApiErrors(400, 404)
  async get(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: MonitorIncludeQuery,
  ): Promise<MonitorResponse> {
    return { monitor: await this.monitors.get(account, id, query.include) };
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update a monitor',
    description: 'Any of url, monitor_type, cadence, status and min_severity; returns the updated monitor.',
  })
  @ApiOkResponse({ type: MonitorResponse })
  @ApiErrors(400, 404, 422)
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: UpdateMonitorDto,
  ): Promise<MonitorResponse> {
    return { monitor: await this.monitors.update(account, id, body) };
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a monitor with its snapshots and changes (pause it to keep history)',
    description: 'Answers {deleted: true, id}; set status paused instead to keep the history.',
  })
  @ApiOkResponse({ type: DeletedResponse })
  @ApiErrors(404)
  remove(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DeletedResponse> {
    return this.monitors.remove(account, id);
  }

  @Post(':id/check')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Queue an on-demand check (spends one check; throttled per monitor)',
    description: 'Answers 202 {status: queued, monitor_id, run_id}. 429 refresh_throttled (with Retry-After) within CHECK_MIN_INTERVAL_SECONDS of the previous check, 429 quota_exceeded without checks left.',
  })
  @ApiAcceptedResponse({ type: CheckQueuedResponse })
  @ApiErrors(404)
  check(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<CheckQueuedResponse> {
    return this.checks.checkNow(account, id);
  }
}
