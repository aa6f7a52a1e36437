import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MonitorEntity } from '../monitors/monitor.entity';
import { RunEntity } from '../monitors/run.entity';
import type { CaptureFields, PageMeta } from './capture.types';

/** A page as one check captured it. Grows with checks that see new content, hence the bigint id. */
@Entity('snapshots')
// (monitor_id, id DESC): TypeORM cannot express a descending key, so the migration owns it.
@Index('snapshots_monitor_idx', { synchronize: false })
// (monitor_id, captured_at DESC, id DESC): the capture current at a time (pricing matrix as_of).
@Index('snapshots_monitor_captured_idx', { synchronize: false })
@Index('snapshots_run_idx', ['run_id'], { where: 'run_id IS NOT NULL' })
export class SnapshotEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'snapshots_pkey' })
  id: number;

  @Column({ type: 'integer' })
  monitor_id: number;

  @Column({ type: 'bigint', nullable: true })
  run_id: number | null;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  captured_at: Date;

  @Column({ type: 'text' })
  content_hash: string;

  @Column({ type: 'text', default: 'http' })
  fetched_via: string;

  @Column({ type: 'integer', nullable: true })
  http_status: number | null;

  @Column({ type: 'text' })
  markdown: string;

  @Column({ type: 'jsonb' })
  fields: CaptureFields;

  @Column({ type: 'jsonb', default: {} })
  meta: PageMeta;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'snapshots_monitor_id_fkey' })
  monitor?: Relation<MonitorEntity>;

  @ManyToOne(() => RunEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'snapshots_run_id_fkey' })
  run?: Relation<RunEntity> | null;
}
