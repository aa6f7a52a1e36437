import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MonitorEntity } from './monitor.entity';
import type { RunKind, RunStatus } from './run.types';

/** One check of a monitor. Grows with every check, hence the bigint id. */
@Entity('runs')
@Check('runs_kind_check', `kind IN ('baseline', 'scheduled', 'on_demand')`)
@Check('runs_status_check', `status IN ('pending', 'running', 'succeeded', 'failed', 'no_change', 'changed')`)
// (monitor_id, id DESC): TypeORM cannot express a descending key, so the migration owns it.
@Index('runs_monitor_idx', { synchronize: false })
// Unfinished runs by age, for the sweep of abandoned runs.
// One unfinished run per monitor (issue: duplicate changes under concurrency).
@Index('runs_one_in_flight_idx', ['monitor_id'], { unique: true, where: `status IN ('pending', 'running')` })
@Index('runs_unfinished_idx', ['created_at'], { where: `status IN ('pending', 'running')` })
export class RunEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'runs_pkey' })
  id: number;

  @Column({ type: 'integer' })
  monitor_id: number;

  @Column({ type: 'text' })
  kind: RunKind;

  @Column({ type: 'text', default: 'pending' })
  status: RunStatus;

  @Column({ type: 'text', nullable: true })
  error_code: string | null;

  @Column({ type: 'text', nullable: true })
  error_message: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The job that claimed it, by its first run's id (`jobIds.check`); null until claimed or after the sweep disowns it. */
  @Column({ type: 'bigint', nullable: true })
  job_id: number | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'runs_monitor_id_fkey' })
  monitor?: Relation<MonitorEntity>;
}
