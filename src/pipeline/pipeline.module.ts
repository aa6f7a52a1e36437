import { Module } from '@nestjs/common';
import { CaptureModule } from '../capture/capture.module';
import { ChangesModule } from '../changes/changes.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { InterpretationModule } from '../interpretation/interpretation.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CheckRunner } from './check-runner.service';

/**
 * The check pipeline (DESIGN §4.3): one check end to end, from the monitor's run through capture,
 * diff and interpretation to the change, its evidence and its notification. It sits above the
 * features it chains, so none of them imports another to hand work on.
 */
@Module({
  exports: [CheckRunner],
  imports: [CaptureModule, ChangesModule, EvidenceModule, InterpretationModule, MonitorsModule, WebhooksModule],
  providers: [CheckRunner],
})
export class PipelineModule {}
