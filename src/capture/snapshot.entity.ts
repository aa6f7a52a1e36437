import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
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
  @ForeignKey('monitors', { name: 'snapshots_monitor_id_fkey', onDelete: 'CASCADE' })
  monitor_id: number;

  @Column({ type: 'bigint', nullable: true })
  @ForeignKey('runs', { name: 'snapshots_run_id_fkey', onDelete: 'SET NULL' })
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
}
