import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import type { AttemptRecord, DeliveryStatus } from './delivery.types';
import { NotificationDestinationEntity } from './notification-destination.entity';
import type { WebhookEvent } from './envelope';

/** A logical delivery (one event to one workspace) with every attempt it took; bigint id, grows with changes. */
@Entity('webhook_deliveries')
@Unique('webhook_deliveries_workspace_channel_key_key', ['workspace_id', 'channel', 'idempotency_key'])
@Check('webhook_deliveries_status_check', `status IN ('pending', 'delivering', 'succeeded', 'failed', 'gone')`)
@Check('webhook_deliveries_max_attempts_check', 'max_attempts >= 1')
// (workspace_id, id DESC): TypeORM cannot express a descending key, so the migration owns it.
@Index('webhook_deliveries_workspace_idx', { synchronize: false })
// Deliveries still to send, by due time, for the sweep of lost jobs.
// The deliveries of a destination, for its ON DELETE SET NULL.
@Index('webhook_deliveries_destination_idx', ['destination_id'])
@Index('webhook_deliveries_due_idx', ['next_attempt_at'], { where: `status IN ('pending', 'delivering')` })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'webhook_deliveries_pkey' })
  id: number;

  @Column({ type: 'integer' })
  workspace_id: number;

  @Column({ type: 'text', default: 'webhook' })
  /** A registered channel's name (channels/registered-channels.ts). */
  channel: string;

  @Column({ type: 'text' })
  event: WebhookEvent;

  @Column({ type: 'text' })
  idempotency_key: string;

  /** Where the latest attempt went (the channel's address of the destination then). */
  @Column({ type: 'text' })
  url: string;

  /** The workspace's destination on this channel; null once that destination was removed. */
  @Column({ type: 'bigint', nullable: true })
  destination_id: number | null;

  /** `json`, not `jsonb`: sent exactly as built, key order included. */
  @Column({ type: 'json' })
  payload: unknown;

  @Column({ type: 'text', default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'jsonb', default: [] })
  attempts: AttemptRecord[];

  @Column({ type: 'integer', default: 0 })
  attempt_count: number;

  @Column({ type: 'timestamptz', nullable: true })
  next_attempt_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  @Column({ type: 'integer', default: 6 })
  max_attempts: number;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'webhook_deliveries_workspace_id_fkey' })
  workspace?: Relation<WorkspaceEntity>;

  @ManyToOne(() => NotificationDestinationEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'destination_id', foreignKeyConstraintName: 'webhook_deliveries_destination_id_fkey' })
  destination?: Relation<NotificationDestinationEntity>;
}
