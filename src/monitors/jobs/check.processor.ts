import { Injectable } from '@nestjs/common';
import { CHECK_ATTEMPTS, CheckJob } from '../../queue/queue.constants';
import { CheckRunner } from '../check-runner.service';

@Injectable()
export class CheckProcessor {
  constructor(private readonly runner: CheckRunner) {}

  async handle(job: CheckJob, attempt: number): Promise<void> {
    try {
      await this.runner.run(job.runId);
    } catch (err) {
      if (attempt < CHECK_ATTEMPTS) throw err;
      await this.runner.giveUp(job.runId, err as Error);
    }
  }
}
