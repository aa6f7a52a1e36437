import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { PROCESSOR_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Type } from '@nestjs/common';
import { DiscoveryService, ModuleRef, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/config';
import { InProcessQueue } from './in-process-queue';
import { DISCOVERY_CONCURRENCY, EVIDENCE_CONCURRENCY, QueueName, WEBHOOK_CONCURRENCY } from './queue.constants';

interface Consumer {
  queue: QueueName;
  host: WorkerHost;
}

/**
 * Starts and stops the `@Processor` classes of the roles this process runs. On Redis, BullMQ's
 * workers run them (concurrency set here, from the configuration); in the embedded mode the
 * in-process queues call the same `process(job)`. On shutdown it stops taking jobs, lets the
 * running ones finish within `SHUTDOWN_GRACE_SECONDS`, and hands the rest back to the queue
 * unfailed, before any service they use is closed (DESIGN §5c).
 */
@Injectable()
export class JobConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private consumers: Consumer[] = [];
  private readonly active = new Map<string, Job>();
  private draining: Promise<boolean> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.instance instanceof WorkerHost && wrapper.metatype)
      .map((wrapper) => ({
        queue: (this.reflector.get(PROCESSOR_METADATA, wrapper.metatype as Type) as { name: QueueName }).name,
        host: wrapper.instance as WorkerHost,
      }));
    for (const { queue, host } of this.consumers) {
      const concurrency = this.concurrency(queue);
      if (this.config.redisUrl) {
        host.worker.concurrency = concurrency;
        host.worker.on('active', (job) => this.active.set(`${queue}:${job.id}`, job));
        host.worker.on('completed', (job) => this.active.delete(`${queue}:${job.id}`));
        host.worker.on('failed', (job, err) => {
          if (job) this.active.delete(`${queue}:${job.id}`);
          this.logger.warn(`${queue} job ${job?.id} failed: ${err.message}`);
        });
        host.worker.on('error', (err) => this.logger.warn(`${queue} worker: ${err.message}`));
      } else {
        this.inProcess(queue).consume((job) => host.process(job), concurrency);
      }
    }
  }

  /** The embedded queue of a name (tests and the CLI wait on it). */
  inProcess(queue: QueueName): InProcessQueue<unknown> {
    return this.moduleRef.get(getQueueToken(queue), { strict: false });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.draining ??= this.drain();
    await this.draining;
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

  private async stopConsumers(): Promise<boolean> {
    if (!this.consumers.length) return true;
    const graceMs = this.config.shutdownGraceSeconds * 1000;
    const stopped = Promise.all(
      this.consumers.map(({ queue, host }) => (this.config.redisUrl ? host.worker.close() : this.inProcess(queue).drain())),
    );
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      stopped.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (finished) return true;
    this.logger.warn(`${this.active.size} job${this.active.size === 1 ? '' : 's'} still running after ${this.config.shutdownGraceSeconds} s; handing them back to the queue`);
    // The caller exits right away: a check still running here must not record its outcome after
    // another worker has taken its job, so nothing is awaited past the hand-back.
    await Promise.all([...this.active.values()].map((job) => job.moveToWait(job.token).catch(() => undefined)));
    return false;
  }

  private concurrency(queue: QueueName): number {
    return { checks: this.config.workerConcurrency, discovery: DISCOVERY_CONCURRENCY, evidence: EVIDENCE_CONCURRENCY, webhooks: WEBHOOK_CONCURRENCY }[queue];
  }
}
