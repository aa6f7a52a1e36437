import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import { DeletedResponse } from '../monitors/dto/monitor.response';
import { CompetitorsService } from './competitors.service';
import { AddCompetitorDto, CreateNoteDto, UpdateCompetitorDto } from './dto/competitor.dto';
import {
  AddCompetitorResponse,
  CompetitorListResponse,
  CompetitorResponse,
  DiscoveryStatusResponse,
  NoteResponse,
} from './dto/competitor.response';

@ApiTags('competitors')
@ApiBearerAuth()
@Controller()
export class CompetitorsController {
  constructor(private readonly competitors: CompetitorsService) {}

  @Get('workspaces/:workspaceId/competitors')
  @ApiOperation({ summary: 'List the competitors of a workspace with their monitors and last runs' })
  @ApiOkResponse({ type: CompetitorListResponse })
  @ApiErrors(404)
  async list(
    @CurrentAccount() account: AccountContext,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
  ): Promise<CompetitorListResponse> {
    return { competitors: await this.competitors.list(account, workspaceId) };
  }

  @Post('workspaces/:workspaceId/competitors')
  @HttpCode(202)
  @ApiOperation({ summary: 'Add a competitor by homepage URL and discover its pages (spends checks)' })
  @ApiAcceptedResponse({ type: AddCompetitorResponse, description: 'discovery started' })
  @ApiOkResponse({ type: AddCompetitorResponse, description: 'duplicate URL: the existing competitor' })
  @ApiErrors(400, 404, 409, 422)
  async add(
    @CurrentAccount() account: AccountContext,
    @Param('workspaceId', ParseIdPipe) workspaceId: number,
    @Body() body: AddCompetitorDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AddCompetitorResponse> {
    const result = await this.competitors.add(account, workspaceId, body);
    if (!result.created) res.status(200);
    return result.body;
  }

  @Get('competitors/:id')
  @ApiOperation({ summary: 'Get a competitor with monitors, notes and discovery' })
  @ApiOkResponse({ type: CompetitorResponse })
  @ApiErrors(404)
  async get(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<CompetitorResponse> {
    return { competitor: await this.competitors.get(account, id) };
  }

  @Patch('competitors/:id')
  @ApiOperation({ summary: 'Set cadence and/or status on all the competitor’s monitors' })
  @ApiOkResponse({ type: CompetitorResponse })
  @ApiErrors(400, 404, 422)
  async update(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: UpdateCompetitorDto,
  ): Promise<CompetitorResponse> {
    return { competitor: await this.competitors.update(account, id, body) };
  }

  @Delete('competitors/:id')
  @ApiOperation({ summary: 'Delete a competitor with all its monitors, snapshots and changes (irreversible)' })
  @ApiOkResponse({ type: DeletedResponse })
  @ApiErrors(404)
  remove(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DeletedResponse> {
    return this.competitors.remove(account, id);
  }

  @Get('competitors/:id/discovery_status')
  @ApiOperation({ summary: 'Poll the discovery of a competitor' })
  @ApiOkResponse({ type: DiscoveryStatusResponse })
  @ApiErrors(404)
  discoveryStatus(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DiscoveryStatusResponse> {
    return this.competitors.discoveryStatus(account, id);
  }

  @Post('competitors/:id/notes')
  @ApiOperation({ summary: 'Add a note to a competitor' })
  @ApiCreatedResponse({ type: NoteResponse })
  @ApiErrors(400, 404, 422)
  async addNote(
    @CurrentAccount() account: AccountContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: CreateNoteDto,
  ): Promise<NoteResponse> {
    return { note: await this.competitors.addNote(account, id, body.body) };
  }
}
