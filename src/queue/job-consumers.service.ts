import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { APP_CONFIG, AppConfig, runsWorker } from '../config/config';
import { JobProcessor, PROCESSOR_OF } from './job-processor';
import { QueueDriver } from './queue-driver';
import { DISCOVERY_CONCURRENCY, EVIDENCE_CONCURRENCY, QUEUE_NAMES, QueueName, WEBHOOK_CONCURRENCY } from './queue.constants';

/**
 * Starts and stops the `@JobProcessor` classes of a process whose role runs workers (`all`,
 * `worker`): each consumes its queue through the driver, with its concurrency from the
 * configuration. On shutdown it stops taking jobs, lets the running ones finish within
 * `SHUTDOWN_GRACE_SECONDS`, and hands the rest back to the queue unfailed, before any service they
 * use is closed (DESIGN §5c).
 */
@Injectable()
export class JobConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private consuming = false;
  private draining: Promise<boolean> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly driver: QueueDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsWorker(this.config)) return;
    const processors = this.processors();
    if (!processors.size) return;
    const missing = QUEUE_NAMES.filter((queue) => !processors.has(queue));
    if (missing.length) throw new Error(`no @JobProcessor for the ${missing.join(', ')} queue${missing.length > 1 ? 's' : ''}`);
    for (const [queue, processor] of processors) {
      this.driver.consume(queue, (job) => processor.process(job), this.concurrency(queue));
    }
    this.consuming = true;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.drain();
  }

  /**
   * Stops taking jobs and waits up to the grace period for the running ones. Resolves true when
   * they all finished; false when some were handed back to the queue, in which case the process
   * must exit without closing what those jobs still hold (their late outcome is not recorded).
   */
  drain(): Promise<boolean> {
    this.draining ??= this.stopConsumers();
    return this.draining;
  }

  /** The processor of each queue among the providers loaded (the features' `jobs/` modules). */
  private processors(): Map<QueueName, JobProcessor<unknown>> {
    const found = new Map<QueueName, JobProcessor<unknown>>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: PROCESSOR_OF.KEY })) {
      const queue = this.discovery.getMetadataByDecorator(PROCESSOR_OF, wrapper);
      if (!queue || !wrapper.instance) continue;
      if (found.has(queue)) throw new Error(`two @JobProcessor classes for the ${queue} queue`);
      found.set(queue, wrapper.instance);
    }
    return found;
  }

  private async stopConsumers(): Promise<boolean> {
    if (!this.consuming) return true;
    const graceMs = this.config.shutdownGraceSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.driver.stopConsuming().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (finished) return true;
    // The caller exits right away: a check still running here must not record its outcome after
    // another worker has taken its job, so nothing is awaited past the hand-back.
    const running = await this.driver.abandonRunning();
    this.logger.warn(`${running} job${running === 1 ? '' : 's'} still running after ${this.config.shutdownGraceSeconds} s; handing them back to the queue`);
    return false;
  }

  private concurrency(queue: QueueName): number {
    return { checks: this.config.workerConcurrency, discovery: DISCOVERY_CONCURRENCY, evidence: EVIDENCE_CONCURRENCY, webhooks: WEBHOOK_CONCURRENCY }[queue];
  }
}
