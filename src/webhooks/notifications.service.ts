import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { severityRank } from '../common/severity';
import { toChangeDetectedData } from './change-event';
import { ChangeEventsRepository } from './change-events.repository';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { DigestBufferRepository } from './digest-buffer.repository';
import { changeIdempotencyKey } from './envelope';
import { ChannelRegistry } from './channels/channel-registry';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { EVENT_MAX_ATTEMPTS } from './retry-policy';

const PENDING_GRACE_SECONDS = 60;
const PENDING_BATCH = 500;

/** One channel's delivery of a change: created now, or the one an earlier report created. */
export interface ChannelDelivery {
  channel: string;
  deliveryId: number;
  created: boolean;
}

export type ChangeRoute =
  | { route: 'realtime'; deliveries: ChannelDelivery[] }
  | { route: 'buffered' }
  | { route: 'skipped'; reason: 'no_settings' | 'no_destination' | 'below_min_severity' | 'change_missing' };

/**
 * Routes a recorded change (DESIGN §4.4, §5b): a realtime change.detected delivery on every
 * enabled channel, or the digest buffer.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly changes: ChangeEventsRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly channels: ChannelRegistry,
    private readonly buffer: DigestBufferRepository,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Safe to call more than once for a change: it is delivered or buffered once. */
  async changeDetected(changeId: number): Promise<ChangeRoute> {
    const route = await this.route(changeId);
    await this.changes.markNotified(changeId);
    return route;
  }

  /**
   * Routes the changes whose worker died between recording and routing them (the outbox); the
   * grace period keeps it off the changes a live worker is still routing. Returns how many.
   */
  async routePending(): Promise<number> {
    const ids = await this.changes.pendingNotifications(PENDING_GRACE_SECONDS, PENDING_BATCH);
    let routed = 0;
    for (const id of ids) {
      try {
        await this.changeDetected(id);
        routed++;
      } catch (err) {
        // Left pending for the next sweep; the others still go out.
        this.logger.warn(`change ${id} could not be routed: ${(err as Error).message}`);
      }
    }
    return routed;
  }

  private async route(changeId: number): Promise<ChangeRoute> {
    const change = await this.changes.load(changeId);
    if (!change) return { route: 'skipped', reason: 'change_missing' };
    const settings = await this.settings.findForRouting(change.workspace_id);
    if (!settings) return { route: 'skipped', reason: 'no_settings' };
    if (settings.mode === 'digest') {
      await this.buffer.add(change.workspace_id, change.id);
      return { route: 'buffered' };
    }
    if (severityRank(change.severity) < severityRank(settings.realtime_min_severity)) {
      return { route: 'skipped', reason: 'below_min_severity' };
    }
    // Broken ones too: the dispatcher records a failed row for each, so the log shows what was not sent.
    const destinations = this.channels.ordered(settings.destinations);
    if (!destinations.length) return { route: 'skipped', reason: 'no_destination' };
    const payload = toChangeDetectedData(change, this.config.publicBaseUrl);
    const deliveries: ChannelDelivery[] = [];
    for (const d of destinations) {
      const { deliveryId, created } = await this.dispatcher.dispatch({
        workspaceId: change.workspace_id,
        channel: d.channel,
        destinationId: d.id,
        event: 'change.detected',
        idempotencyKey: changeIdempotencyKey(change.id),
        url: d.address,
        payload,
        maxAttempts: EVENT_MAX_ATTEMPTS,
      });
      deliveries.push({ channel: d.channel, deliveryId, created });
    }
    return { route: 'realtime', deliveries };
  }
}
