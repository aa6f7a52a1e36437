import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { ChecksService } from '../monitors/checks.service';
import { DeletedResponse } from '../monitors/dto/monitor.response';
import { CreateWorkspaceDto, UpdateWorkspaceDto } from './dto/create-workspace.dto';
import { RefreshWorkspaceDto } from './dto/refresh-workspace.dto';
import {
  CreatedWorkspaceResponse,
  RefreshResponse,
    WorkspaceListResponse,
  WorkspaceResponse,
} from './dto/workspace.response';
import { WorkspacesService } from './workspaces.service';

@ApiTags('workspaces')
@ApiBearerAuth()
@Controller('workspaces')
export class WorkspacesController {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly checks: ChecksService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List all workspaces with review and monitor counts',
    description: 'Every workspace of the account, no pagination. needs_review_count counts every unreviewed change (the digest’s needs_review.count only those of severity high or above).',
  })
  @ApiOkResponse({ type: WorkspaceListResponse })
  @ApiErrors()
  async list(@CurrentAccount() account: AccountContext): Promise<WorkspaceListResponse> {
    return { workspaces: await this.workspaces.list(account) };
  }

  @Post()
  @ApiOperation({
    summary: 'Create a workspace',
    description: 'Answers 201 with the compact workspace (id, name, slug, created_at). 422 plan_limit_exceeded beyond the plan’s workspace cap.',
  })
  @ApiCreatedResponse({ type: CreatedWorkspaceResponse })
  @ApiErrors(400, 422)
  async create(@CurrentAccount() account: AccountContext, @Body() body: CreateWorkspaceDto): Promise<CreatedWorkspaceResponse> {
    return { workspace: await this.workspaces.create(account, body.name) };
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a workspace with counts and up to 12 competitor logos',
    description: 'The list fields plus competitor_logos (at most 12, non-null logos only).',
  })
  @ApiOkResponse({ type: WorkspaceResponse })
  @ApiErrors(404)
  async get(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<WorkspaceResponse> {
    return { workspace: await this.workspaces.get(account, id) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename a workspace', description: 'Answers the workspace as GET does; the slug does not change.' })
  @ApiOkResponse({ type: WorkspaceResponse })
  @ApiErrors(400, 404, 422)
  async rename(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: UpdateWorkspaceDto,
  ): Promise<WorkspaceResponse> {
    return { workspace: await this.workspaces.rename(account, id, body.name) };
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a workspace with its competitors, monitors, snapshots, changes and notification settings (irreversible)',
    description: 'The last workspace may be deleted too; create another with POST /workspaces.',
  })
  @ApiOkResponse({ type: DeletedResponse })
  @ApiErrors(404)
  remove(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DeletedResponse> {
    return this.workspaces.remove(account, id);
  }

  @Post(':id/refresh')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Queue on-demand checks for every active monitor (or one competitor’s); one check each',
    description: 'Answers 202 with how many checks were queued; monitors throttled or beyond the remaining checks are listed in skipped_ids. 409 discovery_in_progress while a discovery runs.',
  })
  @ApiAcceptedResponse({ type: RefreshResponse })
  @ApiErrors(400, 404, 409, 422)
  refresh(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: RefreshWorkspaceDto,
  ): Promise<RefreshResponse> {
    return this.checks.refresh(account, id, body.competitor_id);
  }
}
