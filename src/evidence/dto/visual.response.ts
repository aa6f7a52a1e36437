import { ApiProperty } from '@nestjs/swagger';
import { VISUAL_STATUSES, type VisualStatus } from '../page-screenshot.entity';

export class VisualImageDto {
  @ApiProperty({ example: 'https://rivalwatch.example/v1/changes/501/evidence/after.png' }) url: string;
  @ApiProperty({ example: 640 }) width: number;
  @ApiProperty({ example: 212 }) height: number;
}

/** `evidence.visual` of a change (DESIGN §5e). */
export class VisualDto {
  @ApiProperty({ enum: VISUAL_STATUSES, example: 'ready' }) status: VisualStatus;
  /** why the evidence is unavailable: no Chromium, the page could not be rendered, no earlier screenshot, the changed text not found on the page */
  @ApiProperty({ example: null })
  reason: string | null;
  /** the region that changed, outlined, on the screenshot kept at the previous change or baseline */
  before: VisualImageDto | null;
  /** the same region on this check’s screenshot */
  after: VisualImageDto | null;
}
