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
  @ApiOperation({
    summary: 'List the competitors of a workspace with their monitors and last runs',
    description: 'All competitors, no pagination; each carries its monitors (id, name, type, status, cadence, last run). 404 not_found for a workspace of another account.',
  })
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
  @ApiOperation({
    summary: 'Add a competitor by homepage URL and discover its pages (spends checks)',
    description: '202 with status discovering and starts discovery (one check for the homepage, one per baseline). 200 with the existing competitor for a URL already in the workspace; a competitor whose discovery failed is discovered again (202, same id, one check). 409 discovery_in_progress while another discovery runs; 422 for a non-public or invalid URL.',
  })
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
  @ApiOperation({
    summary: 'Get a competitor with monitors, notes and discovery',
    description: 'The list fields plus full monitors, notes and the discovery record (status, times, error, surfaces with their outcome).',
  })
  @ApiOkResponse({ type: CompetitorResponse })
  @ApiErrors(404)
  async get(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<CompetitorResponse> {
    return { competitor: await this.competitors.get(account, id) };
  }

  @Patch('competitors/:id')
  @ApiOperation({
    summary: 'Set cadence and/or status on all the competitor’s monitors',
    description: 'Fans the cadence and/or status out to every monitor of the competitor. 422 cadence_not_allowed when the cadence is faster than the plan allows.',
  })
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
  @ApiOperation({
    summary: 'Delete a competitor with all its monitors, snapshots and changes (irreversible)',
    description: 'Removes the competitor and everything recorded about it; answers {deleted: true, id}.',
  })
  @ApiOkResponse({ type: DeletedResponse })
  @ApiErrors(404)
  remove(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DeletedResponse> {
    return this.competitors.remove(account, id);
  }

  @Get('competitors/:id/discovery_status')
  @ApiOperation({
    summary: 'Poll the discovery of a competitor',
    description: 'The discovery status (pending, running, completed, failed) with a compact competitor; poll until completed or failed.',
  })
  @ApiOkResponse({ type: DiscoveryStatusResponse })
  @ApiErrors(404)
  discoveryStatus(@CurrentAccount() account: AccountContext, @Param('id', ParseIdPipe) id: number): Promise<DiscoveryStatusResponse> {
    return this.competitors.discoveryStatus(account, id);
  }

  @Post('competitors/:id/notes')
  @ApiOperation({
    summary: 'Add a note to a competitor',
    description: 'Stores a free-text note on the competitor; answers 201 with the note.',
  })
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
