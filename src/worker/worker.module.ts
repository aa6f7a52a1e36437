import { Module, OnApplicationBootstrap } from '@nestjs/common';

/** Registers the queue processors (filled in by the capture pipeline). */
@Module({})
export class WorkerModule implements OnApplicationBootstrap {
  onApplicationBootstrap(): void {}
}
