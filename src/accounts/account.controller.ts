import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/swagger';
import { AccountContext, CurrentAccount } from './account-context';
import { AccountsService } from './accounts.service';
import { AccountResponse, toAccountResponse } from './dto/account.response';

@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOperation({
    summary: 'The calling account: plan, limits and this month’s check usage',
    description: 'Plan limits (requests per minute, checks, workspaces, monitors, fastest cadence) and usage {checks_used, checks_remaining, period_start, period_end}.',
  })
  @ApiOkResponse({ type: AccountResponse })
  @ApiErrors(401, 429)
  async get(@CurrentAccount() account: AccountContext): Promise<AccountResponse> {
    return toAccountResponse(await this.accounts.describe(account));
  }
}
