import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { WebhookDeliveryEntity } from '../../webhook-delivery.entity';
import { WorkspaceEntity } from '../../../workspaces/workspace.entity';

/** Mail kept instead of sent when no SMTP server is configured; the application shows it. */
@Entity('email_outbox')
// (workspace_id, id DESC): TypeORM cannot express a descending key, so the migration owns it.
@Index('email_outbox_workspace_idx', { synchronize: false })
export class EmailOutboxEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'email_outbox_pkey' })
  id: number;

  @Column({ type: 'integer' })
  workspace_id: number;

  @Column({ type: 'bigint', nullable: true })
  delivery_id: number | null;

  @Column({ type: 'text' })
  recipient: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'jsonb', default: {} })
  headers: Record<string, string>;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'email_outbox_workspace_id_fkey' })
  workspace?: Relation<WorkspaceEntity>;

  @ManyToOne(() => WebhookDeliveryEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'email_outbox_delivery_id_fkey' })
  delivery?: Relation<WebhookDeliveryEntity>;
}
