import { Check, Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { Severity } from '../common/severity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { NotificationDigestPeriod } from './digest-window';
import type { NotificationMode } from './notification-settings.types';

/** A workspace's notification settings (routing, signing secret): one row per workspace, keyed by it; destinations are rows of notification_destinations. */
@Entity('notification_settings')
@Check('notification_settings_mode_check', `mode IN ('realtime', 'digest')`)
@Check('notification_settings_digest_period_check', `digest_period IN ('1d', '7d')`)
@Check('notification_settings_digest_hour_utc_check', 'digest_hour_utc BETWEEN 0 AND 23')
export class NotificationSettingsEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'notification_settings_pkey' })
  workspace_id: number;

  @Column({ type: 'text', nullable: true })
  signing_secret: string | null;

  @Column({ type: 'text', default: 'realtime' })
  mode: NotificationMode;

  @Column({ type: 'text', default: 'medium' })
  realtime_min_severity: Severity;

  @Column({ type: 'text', default: '1d' })
  digest_period: NotificationDigestPeriod;

  @Column({ type: 'integer', default: 9 })
  digest_hour_utc: number;

  @Column({ type: 'timestamptz', nullable: true })
  last_flushed_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;

  @OneToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'notification_settings_workspace_id_fkey' })
  workspace?: Relation<WorkspaceEntity>;
}
