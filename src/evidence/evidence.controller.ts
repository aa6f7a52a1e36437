import { applyDecorators, Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AccountContext, CurrentAccount } from '../accounts/account-context';
import { ParseBigIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../common/swagger';
import type { ImageSide } from './evidence.repository';
import { EvidenceService } from './evidence.service';

function ApiEvidenceImage(side: ImageSide): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: `The ${side} crop of the region that changed (PNG)`,
      description:
        `The region of the page that holds the changed text, outlined, on ${side === 'before' ? 'the screenshot kept at the previous change or baseline' : 'this check’s screenshot'}; ` +
        '1280 px wide screenshots, at most 600 KiB per image. 404 not_found until evidence.visual.status is ready, and for another account’s change.',
    }),
    ApiProduces('image/png', 'application/json'),
    ApiOkResponse({ description: 'the crop', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } }),
    ApiErrors(404),
    Header('Cache-Control', 'private, max-age=86400'),
    Header('X-Content-Type-Options', 'nosniff'),
  );
}

/** A change's visual evidence images (DESIGN §5e); the change detail's evidence.visual links here. */
@ApiTags('changes')
@ApiBearerAuth()
@Controller('changes')
export class EvidenceController {
  constructor(private readonly evidence: EvidenceService) {}

  @Get(':id/evidence/before.png')
  @ApiEvidenceImage('before')
  async before(@CurrentAccount() account: AccountContext, @Param('id', ParseBigIdPipe) id: number): Promise<StreamableFile> {
    return new StreamableFile(await this.evidence.image(account, id, 'before'), { type: 'image/png' });
  }

  @Get(':id/evidence/after.png')
  @ApiEvidenceImage('after')
  async after(@CurrentAccount() account: AccountContext, @Param('id', ParseBigIdPipe) id: number): Promise<StreamableFile> {
    return new StreamableFile(await this.evidence.image(account, id, 'after'), { type: 'image/png' });
  }
}
