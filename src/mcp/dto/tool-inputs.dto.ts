import { applyDecorators } from '@nestjs/common';
import { IsInt, IsPositive, Max } from 'class-validator';
import { UpdateChangeDto } from '../../changes/dto/change-query.dto';
import { MAX_BIG_ID, MAX_ID } from '../../common/parse-id.pipe';
import { DigestQuery } from '../../digest/dto/digest-query.dto';

/**
 * Tool arguments that REST takes in the path are checked here as REST's ParseIdPipe checks ids;
 * the rest reuse the REST endpoints' own DTOs (query or body), so both answer the same rules.
 */
const Id = (max = MAX_ID) => applyDecorators(IsInt(), IsPositive(), Max(max));

/** No arguments: any given is an unknown field. */
export class NoInput {}

export class WorkspaceInput {
  @Id() workspace_id: number;
}

export class CompetitorInput {
  @Id() competitor_id: number;
}

export class MonitorInput {
  @Id() monitor_id: number;
}

export class ChangeInput {
  @Id(MAX_BIG_ID) change_id: number;
}

export class DigestInput extends DigestQuery {
  @Id() workspace_id: number;
}

export class ReviewInput extends UpdateChangeDto {
  @Id(MAX_BIG_ID) change_id: number;
}
