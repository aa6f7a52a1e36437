import { Check, Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import type { Box } from './locate-region';
import type { VisualStatus } from './page-screenshot.entity';

/** A change's visual evidence: the region that changed, cropped and outlined, before and after (DESIGN §5e). */
@Entity('change_visuals')
@Check('change_visuals_status_check', `status IN ('pending', 'ready', 'unavailable')`)
export class ChangeVisualEntity {
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'change_visuals_pkey' })
  @ForeignKey('changes', { name: 'change_visuals_change_id_fkey', onDelete: 'CASCADE' })
  change_id: number;

  @Column({ type: 'text', default: 'pending' })
  status: VisualStatus;

  /** Why the evidence is unavailable. */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ type: 'bytea', nullable: true })
  before_png: Buffer | null;

  @Column({ type: 'integer', nullable: true })
  before_width: number | null;

  @Column({ type: 'integer', nullable: true })
  before_height: number | null;

  /** The crop's box on the page, in CSS pixels. */
  @Column({ type: 'jsonb', nullable: true })
  before_box: Box | null;

  @Column({ type: 'bytea', nullable: true })
  after_png: Buffer | null;

  @Column({ type: 'integer', nullable: true })
  after_width: number | null;

  @Column({ type: 'integer', nullable: true })
  after_height: number | null;

  @Column({ type: 'jsonb', nullable: true })
  after_box: Box | null;

  /** Time spent locating and cropping both sides. */
  @Column({ type: 'integer', nullable: true })
  crop_ms: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
