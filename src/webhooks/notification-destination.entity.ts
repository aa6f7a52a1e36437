import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { NotificationSettingsEntity } from './notification-settings.entity';

/**
 * Where a workspace's notifications go: one row per channel in use. The channel's own shape of
 * destination (a URL, a recipient list) is `destination`, so a new channel needs no column.
 */
@Entity('notification_destinations')
@Unique('notification_destinations_workspace_channel_key', ['workspace_id', 'channel'])
export class NotificationDestinationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'notification_destinations_pkey' })
  id: number;

  @Column({ type: 'integer' })
  workspace_id: number;

  /** A registered channel's name (channels/registered-channels.ts). */
  @Column({ type: 'text' })
  channel: string;

  /** As the channel parsed it from the settings: a URL string, a list of addresses. */
  @Column({ type: 'jsonb' })
  destination: unknown;

  /** Where deliveries go, as the delivery log shows it (the channel's `address` of the destination). */
  @Column({ type: 'text' })
  address: string;

  /** Off: kept, but nothing is routed to it. */
  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** When and why the receiver said the destination is gone (404/410); cleared when another destination is saved. */
  @Column({ type: 'timestamptz', nullable: true })
  broken_since: Date | null;

  @Column({ type: 'text', nullable: true })
  broken_reason: string | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;

  @ManyToOne(() => NotificationSettingsEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', referencedColumnName: 'workspace_id', foreignKeyConstraintName: 'notification_destinations_workspace_id_fkey' })
  settings?: Relation<NotificationSettingsEntity>;
}
