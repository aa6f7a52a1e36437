import { Injectable } from '@nestjs/common';
import { DISCOVERY_ATTEMPTS, DiscoveryJob } from '../../queue/queue.constants';
import { DiscoveryService } from '../discovery.service';

@Injectable()
export class DiscoveryProcessor {
  constructor(private readonly discovery: DiscoveryService) {}

  async handle(job: DiscoveryJob, attempt: number): Promise<void> {
    try {
      await this.discovery.run(job.competitorId);
    } catch (err) {
      if (attempt < DISCOVERY_ATTEMPTS) throw err;
      await this.discovery.giveUp(job.competitorId, err as Error);
    }
  }
}
