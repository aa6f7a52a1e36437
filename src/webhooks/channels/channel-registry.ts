import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './notification-channel';

/** The registered channels by name, in registration order. */
@Injectable()
export class ChannelRegistry {
  private readonly byName: ReadonlyMap<string, NotificationChannel>;

  constructor(@Inject(NOTIFICATION_CHANNELS) private readonly channels: NotificationChannel[]) {
    this.byName = new Map(channels.map((c) => [c.info.name, c]));
  }

  all(): readonly NotificationChannel[] {
    return this.channels;
  }

  /** The channel of a stored destination or delivery; a name no channel answers to is a bug or a removed channel. */
  get(name: string): NotificationChannel {
    const channel = this.byName.get(name);
    if (!channel) throw new Error(`no notification channel is registered as "${name}"`);
    return channel;
  }

  /** Items keyed by channel name, in registration order. */
  ordered<T extends { channel: string }>(items: T[]): T[] {
    const rank = (name: string) => this.channels.findIndex((c) => c.info.name === name);
    return [...items].sort((a, b) => rank(a.channel) - rank(b.channel));
  }
}
