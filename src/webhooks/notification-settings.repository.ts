import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Severity } from '../common/severity';
import { CHANNELS, type Channel } from '../notifications/channels';
import type { NotificationDigestPeriod } from './digest-window';

export type NotificationMode = 'realtime' | 'digest';
export const NOTIFICATION_MODES: readonly NotificationMode[] = ['realtime', 'digest'];

/** When and why a channel's receiver said its URL is gone (404/410); cleared when a new URL is saved. */
export interface BrokenChannel {
  since: string;
  reason: string;
}

export interface NotificationSettingsRow {
  workspace_id: number;
  webhook_url: string | null;
  signing_secret: string | null;
  email_recipients: string[];
  slack_webhook_url: string | null;
  teams_webhook_url: string | null;
  discord_webhook_url: string | null;
  broken_channels: Partial<Record<Channel, BrokenChannel>>;
  mode: NotificationMode;
  realtime_min_severity: Severity;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
  last_flushed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NotificationSettingsInput {
  webhook_url: string | null;
  email_recipients: string[];
  slack_webhook_url: string | null;
  teams_webhook_url: string | null;
  discord_webhook_url: string | null;
  mode: NotificationMode;
  realtime_min_severity: Severity;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
}

/** The channels a change or digest goes to: configured, and not marked broken. */
export function activeChannels(s: NotificationSettingsRow): Channel[] {
  const configured: Record<Channel, boolean> = {
    webhook: s.webhook_url !== null,
    email: s.email_recipients.length > 0,
    slack: s.slack_webhook_url !== null,
    teams: s.teams_webhook_url !== null,
    discord: s.discord_webhook_url !== null,
  };
  return CHANNELS.filter((c) => configured[c] && !s.broken_channels?.[c]);
}

/** Where a channel's deliveries go, as the delivery log shows it (email: a mailto: of the recipients). */
export function destinationOf(s: NotificationSettingsRow, channel: Channel): string {
  if (channel === 'email') return `mailto:${s.email_recipients.join(',')}`;
  const url = { webhook: s.webhook_url, slack: s.slack_webhook_url, teams: s.teams_webhook_url, discord: s.discord_webhook_url }[channel];
  if (url === null) throw new Error(`the ${channel} channel is not configured`);
  return url;
}

/** A workspace whose digest buffer holds changes, with when the oldest was buffered. */
export interface BufferedWorkspace {
  workspace_id: number;
  digest_period: NotificationDigestPeriod;
  digest_hour_utc: number;
  last_flushed_at: Date | null;
  oldest_buffered_at: Date;
}

@Injectable()
export class NotificationSettingsRepository {
  constructor(private readonly db: DataSource) {}

  async find(workspaceId: number, manager: EntityManager = this.db.manager): Promise<NotificationSettingsRow | null> {
    const [row] = await manager.query(`SELECT * FROM notification_settings WHERE workspace_id = $1`, [workspaceId]);
    return row ?? null;
  }

  /** Locks the row for a flush, so two flushes of one workspace run one after the other. */
  async lockForFlush(
    workspaceId: number,
    manager: EntityManager,
  ): Promise<(NotificationSettingsRow & { workspace_name: string }) | null> {
    const [row] = await manager.query(
      `SELECT s.*, w.name AS workspace_name FROM notification_settings s JOIN workspaces w ON w.id = s.workspace_id
        WHERE s.workspace_id = $1 FOR UPDATE OF s`,
      [workspaceId],
    );
    return row ?? null;
  }

  /**
   * Creates or replaces the settings. The secret is write-only: `undefined` keeps the stored
   * one, null removes it. A channel saved with another URL than before is no longer broken.
   */
  async upsert(workspaceId: number, input: NotificationSettingsInput, secret: string | null | undefined): Promise<NotificationSettingsRow> {
    const [row] = await this.db.query(
      `INSERT INTO notification_settings AS s
         (workspace_id, webhook_url, signing_secret, mode, realtime_min_severity, digest_period, digest_hour_utc,
          email_recipients, slack_webhook_url, teams_webhook_url, discord_webhook_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $10, $11, $12)
       ON CONFLICT (workspace_id) DO UPDATE SET
         webhook_url = EXCLUDED.webhook_url,
         signing_secret = CASE WHEN $8 THEN EXCLUDED.signing_secret ELSE s.signing_secret END,
         mode = EXCLUDED.mode,
         realtime_min_severity = EXCLUDED.realtime_min_severity,
         digest_period = EXCLUDED.digest_period,
         digest_hour_utc = EXCLUDED.digest_hour_utc,
         email_recipients = EXCLUDED.email_recipients,
         slack_webhook_url = EXCLUDED.slack_webhook_url,
         teams_webhook_url = EXCLUDED.teams_webhook_url,
         discord_webhook_url = EXCLUDED.discord_webhook_url,
         broken_channels = s.broken_channels
           - (CASE WHEN s.webhook_url IS DISTINCT FROM EXCLUDED.webhook_url THEN 'webhook' ELSE '' END)
           - (CASE WHEN s.slack_webhook_url IS DISTINCT FROM EXCLUDED.slack_webhook_url THEN 'slack' ELSE '' END)
           - (CASE WHEN s.teams_webhook_url IS DISTINCT FROM EXCLUDED.teams_webhook_url THEN 'teams' ELSE '' END)
           - (CASE WHEN s.discord_webhook_url IS DISTINCT FROM EXCLUDED.discord_webhook_url THEN 'discord' ELSE '' END),
         updated_at = now()
       RETURNING *`,
      [
        workspaceId,
        input.webhook_url,
        secret ?? null,
        input.mode,
        input.realtime_min_severity,
        input.digest_period,
        input.digest_hour_utc,
        secret !== undefined,
        input.email_recipients,
        input.slack_webhook_url,
        input.teams_webhook_url,
        input.discord_webhook_url,
      ],
    );
    return row;
  }

  /**
   * Marks a channel broken, unless its URL changed since the attempt that found it gone (the new
   * URL deserves its own chance). True when it was marked.
   */
  async markBroken(workspaceId: number, channel: Channel, url: string, reason: string): Promise<boolean> {
    const column = { webhook: 'webhook_url', slack: 'slack_webhook_url', teams: 'teams_webhook_url', discord: 'discord_webhook_url', email: null }[channel];
    if (!column) return false;
    const [, affected] = await this.db.query(
      `UPDATE notification_settings
          SET broken_channels = broken_channels || jsonb_build_object($2::text, jsonb_build_object('since', now(), 'reason', $4::text))
        WHERE workspace_id = $1 AND ${column} = $3`,
      [workspaceId, channel, url, reason],
    );
    return affected > 0;
  }

  async delete(workspaceId: number, manager: EntityManager): Promise<boolean> {
    // UPDATE and DELETE answer [rows, affected] through TypeORM.
    const [, affected] = await manager.query(`DELETE FROM notification_settings WHERE workspace_id = $1`, [workspaceId]);
    return affected > 0;
  }

  async markFlushed(workspaceId: number, at: Date, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE notification_settings SET last_flushed_at = $2 WHERE workspace_id = $1`, [workspaceId, at]);
  }

  /**
   * Workspaces with buffered changes: the candidates of a scheduled flush. Any mode: changes
   * buffered before a switch to realtime still go out at the next window boundary.
   */
  async withBufferedChanges(): Promise<BufferedWorkspace[]> {
    return this.db.query(
      `SELECT s.workspace_id, s.digest_period, s.digest_hour_utc, s.last_flushed_at, b.oldest_buffered_at
         FROM notification_settings s
         JOIN LATERAL (SELECT min(buffered_at) AS oldest_buffered_at FROM digest_buffer
                        WHERE workspace_id = s.workspace_id) b ON b.oldest_buffered_at IS NOT NULL
        ORDER BY s.workspace_id`,
    );
  }
}
