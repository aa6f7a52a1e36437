import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseBigIdPipe, ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { ChangesService } from './changes.service';
import { ChangeIncludeQuery, ListChangesQuery, UpdateChangeDto } from './dto/change-query.dto';
import { ChangeListResponse, ChangeResponse } from './dto/change.response';

@ApiTags('changes')
@ApiBearerAuth()
@Controller('changes')
export class ChangesController {
  constructor(private readonly changes: ChangesService) {}

  @Get()
  @ApiOperation({
    summary: 'The change feed of a workspace, newest first, cursor-paged',
    description: 'workspace_id is required (422 workspace_required without it). Page with after = the previous next_cursor; unknown query parameters answer 400 invalid_params.',
  })
  @ApiOkResponse({ type: ChangeListResponse })
  @ApiErrors(400, 404, 422)
  feed(@CurrentAccount() account: AccountContext, @Query() query: ListChangesQuery): Promise<ChangeListResponse> {
    return this.changes.feed(account, query);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'A change with its field diffs, clusters and evidence; optionally captures and the raw diff',
    description: 'include takes capture, capture_markdown and raw_diff. When the change belongs to a cross-surface theme, the last clusters entry carries it (theme).',
  })
  @ApiOkResponse({ type: ChangeResponse })
  @ApiErrors(400, 404)
  async get(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseBigIdPipe) id: number,
    @Query() query: ChangeIncludeQuery,
  ): Promise<ChangeResponse> {
    return { change: await this.changes.get(account, id, query.include) };
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Triage a change',
    description: 'Sets review_status to unreviewed, acknowledged or dismissed and returns the updated change. Unknown body fields answer 422.',
  })
  @ApiOkResponse({ type: ChangeResponse })
  @ApiErrors(400, 404, 422)
  async review(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseBigIdPipe) id: number,
    @Body() body: UpdateChangeDto,
  ): Promise<ChangeResponse> {
    return { change: await this.changes.review(account, id, body.review_status) };
  }
}
