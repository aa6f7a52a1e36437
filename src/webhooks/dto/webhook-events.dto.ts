import { ApiProperty } from '@nestjs/swagger';
import { DeltaDto, EvidenceDiffDto, FieldDiffDto } from '../../changes/dto/change.response';
import { SEVERITIES } from '../../common/severity';
import { DigestBodyDto } from '../../digest/dto/digest.response';
import { SCHEMA_VERSION, WEBHOOK_EVENTS } from '../envelope';

/**
 * The webhook contract, for receivers: documented as OpenAPI components (the service sends
 * these; they are no request or response of the REST API).
 */
export class WebhookEnvelopeDto {
  @ApiProperty({ example: SCHEMA_VERSION }) schema_version: string;
  @ApiProperty({ example: 'wh_9b2f4c1e0a7d3e5f6a8b9c0d', description: 'new for every attempt; test.ping: wh_test_<hex>, equal to idempotency_key' })
  id: string;
  /** the same for every attempt of one logical delivery; dedupe on it */
  @ApiProperty({ example: 'change:501' })
  idempotency_key: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS }) event: string;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) sent_at: string;
  /** ChangeDetectedData, DigestReadyData or TestPingData, by event */
  @ApiProperty({ type: Object }) data: unknown;
}

// The change's shapes as the REST API documents them, under the webhook contract's own names.
class EventDeltaDto extends DeltaDto {}

class EventFieldDiffDto extends FieldDiffDto {}

class EventEvidenceDiffDto extends EvidenceDiffDto {}

class EventEvidenceDto {
  @ApiProperty({ example: '2026-11-22T09:00:03.000Z' }) captured_at: string | null;
  @ApiProperty({ example: '2026-11-21T09:00:03.000Z' }) previous_captured_at: string | null;
  /** an index of field_diffs, without values */
  diffs: EventEvidenceDiffDto[];
}

class EventLinksDto {
  @ApiProperty({ example: 'https://api.rivalwatch.example/v1/changes/501' }) self: string;
}

export class ChangeDetectedDataDto {
  /** the change id */
  @ApiProperty({ example: 501 }) id: number;
  @ApiProperty({ example: 1 }) workspace_id: number;
  @ApiProperty({ example: 'Project management market' }) workspace_name: string;
  @ApiProperty({ example: 3 }) competitor_id: number;
  @ApiProperty({ example: 'Acme' }) competitor: string;
  @ApiProperty({ example: 12 }) monitor_id: number;
  @ApiProperty({ example: 'pricing' }) monitor_type: string;
  @ApiProperty({ enum: SEVERITIES, example: 'high' }) severity: string;
  @ApiProperty({ example: 'Acme raised Pro from $49 to $59 a month (+20%).' }) summary: string;
  @ApiProperty({ example: 'A 20% rise on the main plan opens room for a price-led pitch.' }) why_it_matters: string;
  @ApiProperty({ example: 'unreviewed' }) review_status: string;
  @ApiProperty({ example: 'pricing' }) category: string;
  @ApiProperty({ example: 'advanced' }) direction: string;
  delta: EventDeltaDto;
  field_diffs: EventFieldDiffDto[];
  evidence: EventEvidenceDto;
  @ApiProperty({ example: 'https://acme.example/pricing' }) source_url: string;
  links: EventLinksDto;
  @ApiProperty({ example: true }) raw_diff_available: boolean;
  @ApiProperty({ example: '2026-11-22T09:00:04.000Z' }) created_at: string;
}

export class DigestReadyDataDto {
  @ApiProperty({ example: 1 }) workspace_id: number;
  @ApiProperty({ example: 'Project management market' }) workspace_name: string;
  @ApiProperty({
    description:
      'Only the changes buffered in the flushed window (window_start to window_end); needs_review holds every unreviewed one of them. ' +
      'The sparkline covers the period (1d or 7d) ending at window_end.',
  })
  digest: DigestBodyDto;
}

export class TestPingDataDto {
  @ApiProperty({ example: 'Test delivery from Rivalwatch for workspace "Project management market".' }) message: string;
}
