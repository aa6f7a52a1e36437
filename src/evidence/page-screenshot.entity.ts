import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { MonitorEntity } from '../monitors/monitor.entity';
import type { TextBox } from './locate-region';

export const VISUAL_STATUSES = ['pending', 'ready', 'unavailable'] as const;
export type VisualStatus = (typeof VISUAL_STATUSES)[number];

/**
 * The page as a 1280 px wide screenshot, taken at a baseline or at a check that recorded a change
 * (DESIGN §5e). The next change's `before` is cropped from it, so it keeps where each text sat
 * (`layout`). `html` is the page as fetched at that check, kept until the screenshot is taken
 * (null when too large, or when the check ran where no Chromium could render it: the job then
 * loads the page's address).
 */
@Entity('page_screenshots')
@Unique('page_screenshots_snapshot_key', ['snapshot_id'])
@Check('page_screenshots_status_check', `status IN ('pending', 'ready', 'unavailable')`)
@Index('page_screenshots_monitor_idx', ['monitor_id', 'snapshot_id'])
export class PageScreenshotEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'page_screenshots_pkey' })
  id: number;

  @Column({ type: 'integer' })
  monitor_id: number;

  /** No foreign key: retention may delete a baseline's snapshot while its screenshot is still needed. */
  @Column({ type: 'bigint' })
  snapshot_id: number;

  @Column({ type: 'text' })
  page_url: string;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', default: 'pending' })
  status: VisualStatus;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** PNG, at most 600 KiB (downscaled when the page is larger). */
  @Column({ type: 'bytea', nullable: true })
  image: Buffer | null;

  /** Height of the part of the page shot, in CSS pixels (the width is 1280). */
  @Column({ type: 'integer', nullable: true })
  page_height: number | null;

  /** Image pixels per CSS pixel: 1, or less when the image was downscaled. */
  @Column({ type: 'real', nullable: true })
  scale: number | null;

  @Column({ type: 'jsonb', nullable: true })
  layout: TextBox[] | null;

  @Column({ type: 'integer', nullable: true })
  duration_ms: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'page_screenshots_monitor_id_fkey' })
  monitor?: Relation<MonitorEntity>;
}
