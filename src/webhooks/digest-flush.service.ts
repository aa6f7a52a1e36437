import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notificationDigestPlan } from '../digest/digest-plan';
import { DigestBuilder } from '../digest/digest.builder';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { DigestBufferRepository } from './digest-buffer.repository';
import { windowToFlush } from './digest-window';
import { digestIdempotencyKey } from './envelope';
import { ChannelRegistry } from './channels/channel-registry';
import { NotificationDestinationsRepository } from './notification-destinations.repository';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { EVENT_MAX_ATTEMPTS } from './retry-policy';
import { transaction } from '../database/transaction-context';

export type FlushResult =
  | {
      status: 'sent';
      workspace_id: number;
      /** One digest.ready delivery per enabled channel (a broken one's is recorded as not sent). */
      deliveries: { channel: string; delivery_id: number }[];
      idempotency_key: string;
      window_start: string;
      window_end: string;
      changes: number;
    }
  | { status: 'not_due' | 'empty' | 'no_settings'; workspace_id: number }
  | { status: 'already_flushed'; workspace_id: number; idempotency_key: string };

/** Thrown inside the flush transaction to roll it back and keep the buffer. */
class WindowAlreadyFlushed extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`digest ${idempotencyKey} was already sent`);
  }
}

/**
 * Digest mode (DESIGN §6.18–19, §5b): at each window boundary (or on demand) the buffered changes
 * become one digest.ready delivery per enabled channel. Taking the buffer, building the digest, creating the delivery
 * and moving the window happen in one transaction, so a change is sent once or stays buffered.
 */
@Injectable()
export class DigestFlushService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly db: DataSource,
    private readonly settings: NotificationSettingsRepository,
    private readonly destinations: NotificationDestinationsRepository,
    private readonly channels: ChannelRegistry,
    private readonly buffer: DigestBufferRepository,
    private readonly builder: DigestBuilder,
    private readonly dispatcher: DeliveryDispatcher,
  ) {}

  /** The scheduler's tick: flushes every workspace whose window has closed. */
  async flushDue(now = new Date()): Promise<FlushResult[]> {
    const results: FlushResult[] = [];
    for (const candidate of await this.settings.withBufferedChanges()) {
      const window = windowToFlush({
        now,
        period: candidate.digest_period,
        hourUtc: candidate.digest_hour_utc,
        lastFlushedAt: candidate.last_flushed_at,
        oldestBufferedAt: candidate.oldest_buffered_at,
        manual: false,
      });
      if (!window) continue;
      try {
        results.push(await this.flush(candidate.workspace_id, { now, manual: false }));
      } catch (err) {
        this.logger.warn(`digest flush of workspace ${candidate.workspace_id} failed: ${(err as Error).message}`);
      }
    }
    return results;
  }

  /**
   * Flushes one workspace. `manual` ends the window now (the CLI); otherwise only a closed window
   * is flushed. `enqueue: false` leaves the first attempt to the caller (the CLI sends it inline).
   */
  async flush(workspaceId: number, o: { now?: Date; manual: boolean; enqueue?: boolean }): Promise<FlushResult> {
    const now = o.now ?? new Date();
    let result: FlushResult;
    try {
      result = await transaction(this.db, async (): Promise<FlushResult> => {
        const settings = await this.settings.lockForFlush(workspaceId);
        if (!settings) return { status: 'no_settings', workspace_id: workspaceId };
        const oldest = await this.buffer.oldest(workspaceId);
        if (!oldest) return { status: 'empty', workspace_id: workspaceId };
        const window = windowToFlush({
          now,
          period: settings.digest_period,
          hourUtc: settings.digest_hour_utc,
          lastFlushedAt: settings.last_flushed_at,
          oldestBufferedAt: oldest,
          manual: o.manual,
        });
        if (!window) return { status: 'not_due', workspace_id: workspaceId };
        const key = digestIdempotencyKey(workspaceId, settings.digest_period, window.start);
        const changeIds = await this.buffer.take(workspaceId);
        const digest = await this.builder.build(notificationDigestPlan({
          workspaceId,
          period: settings.digest_period,
          windowStart: window.start,
          windowEnd: window.end,
          changeIds,
          now,
        }));
        const payload = { workspace_id: workspaceId, workspace_name: settings.workspace_name, digest };
        const deliveries: { channel: string; delivery_id: number }[] = [];
        const destinations = this.channels.ordered(await this.destinations.enabled(workspaceId));
        for (const d of destinations) {
          const deliveryId = await this.dispatcher.createIn({
            workspaceId,
            channel: d.channel,
            destinationId: d.id,
            event: 'digest.ready',
            idempotencyKey: key,
            url: d.address,
            payload,
            maxAttempts: EVENT_MAX_ATTEMPTS,
          });
          if (deliveryId !== null) deliveries.push({ channel: d.channel, delivery_id: deliveryId });
        }
        if (destinations.length > 0 && deliveries.length === 0) throw new WindowAlreadyFlushed(key);
        await this.settings.markFlushed(workspaceId, window.end);
        return {
          status: 'sent',
          workspace_id: workspaceId,
          deliveries,
          idempotency_key: key,
          window_start: window.start.toISOString(),
          window_end: window.end.toISOString(),
          changes: changeIds.length,
        };
      });
    } catch (err) {
      if (!(err instanceof WindowAlreadyFlushed)) throw err;
      return { status: 'already_flushed', workspace_id: workspaceId, idempotency_key: err.idempotencyKey };
    }
    if (result.status === 'sent' && o.enqueue !== false) {
      for (const d of result.deliveries) await this.dispatcher.enqueueAttempt(d.delivery_id, 1, 0);
    }
    return result;
  }
}
