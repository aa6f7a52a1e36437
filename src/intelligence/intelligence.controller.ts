import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { battlecardMarkdown } from './battlecard';
import { CompetitorProfileResponse } from './dto/competitor-profile.response';
import { CompetitorProfileQuery, PricingMatrixQuery } from './dto/intelligence-query.dto';
import { PricingMatrixResponse, toPricingMatrixDto } from './dto/pricing-matrix.response';
import { IntelligenceService } from './intelligence.service';
import { pricingMatrixCsv } from './pricing-csv';

const CSV_EXAMPLE = 'competitor,plan,amount,currency,period,unit,features,changed_at\r\nAcme,Pro,49,USD,month,per user,Unlimited projects; Priority support,2026-11-20T09:00:00.000Z\r\n';

/** Competitive intelligence (DESIGN §5d): the workspace's pricing matrix and a competitor's profile. */
@ApiTags('intelligence')
@ApiBearerAuth()
@ApiExtraModels(CompetitorProfileResponse, PricingMatrixResponse)
@Controller()
export class IntelligenceController {
  constructor(private readonly intelligence: IntelligenceService) {}

  @Get('workspaces/:id/pricing_matrix')
  @ApiOperation({
    summary: "Every competitor's plans and prices side by side, now or as of a past time",
    description:
      'From stored captures only: per competitor, its pricing capture current at as_of (default now); changed_at is when the last change touching the plan was recorded. ' +
      'Prices keep their currency, period and unit as read. format=csv answers text/csv (RFC 4180, one row per price; a plan without a price has one row with empty price columns; cells starting with =, +, -, @ are prefixed with \').',
  })
  @ApiOkResponse({
    description: 'the matrix (JSON), or with format=csv the same as CSV',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(PricingMatrixResponse) } },
      'text/csv': { schema: { type: 'string', example: CSV_EXAMPLE } },
    },
  })
  @ApiErrors(400, 404)
  async pricingMatrix(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: PricingMatrixQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PricingMatrixResponse | string> {
    const matrix = toPricingMatrixDto(await this.intelligence.pricingMatrix(account, id, query.as_of));
    if (query.format !== 'csv') return { pricing_matrix: matrix };
    res.attachment(`pricing-matrix-${id}.csv`).type('text/csv');
    return pricingMatrixCsv(matrix);
  }

  @Get('competitors/:id/profile')
  @ApiOperation({
    summary: 'A competitor at a glance: headline, plans and price range, recent changes, cadence, watched pages',
    description:
      'From stored captures only. Release and post counts and dates come from the dates written in the latest changelog and blog captures. ' +
      'format=markdown answers text/markdown: a one-page battlecard to paste into a doc or a chat.',
  })
  @ApiOkResponse({
    description: 'the profile (JSON), or with format=markdown a battlecard',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(CompetitorProfileResponse) } },
      'text/markdown': { schema: { type: 'string', example: '# Acme — battlecard\n\n- **Homepage:** <https://acme.example/>\n…' } },
    },
  })
  @ApiErrors(400, 404)
  async profile(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: CompetitorProfileQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CompetitorProfileResponse | string> {
    const profile = await this.intelligence.profile(account, id);
    if (query.format !== 'markdown') return { profile };
    res.type('text/markdown; charset=utf-8');
    return battlecardMarkdown(profile);
  }
}
