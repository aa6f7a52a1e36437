import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { DigestService } from './digest.service';
import { DigestQuery } from './dto/digest-query.dto';
import { DigestResponse } from './dto/digest.response';

@ApiTags('workspaces')
@ApiBearerAuth()
@Controller('workspaces')
export class DigestController {
  constructor(private readonly digests: DigestService) {}

  @Get(':id/digest')
  @ApiOperation({
    summary: 'Summarise a workspace over a period: what needs review, who is moving, opportunities, coverage',
    description: 'period is 1d, 7d or 30d (default 7d). needs_review holds unreviewed changes of severity high or above; top_opportunities leaves dismissed changes out; themes groups one competitor’s related changes across surfaces.',
  })
  @ApiOkResponse({ type: DigestResponse })
  @ApiErrors(400, 404)
  async get(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: DigestQuery,
  ): Promise<DigestResponse> {
    return { digest: await this.digests.forWorkspace(account, id, query.period) };
  }
}
