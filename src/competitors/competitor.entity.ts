import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  ForeignKey,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  type Relation,
} from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import type { DiscoveryType } from '../capture/capture.types';
import type { DiscoveredSurface, DiscoveryStatus } from './competitor.types';

@Entity('competitors')
@Unique('competitors_workspace_id_normalized_url_key', ['workspace_id', 'normalized_url'])
@Unique('competitors_workspace_id_slug_key', ['workspace_id', 'slug'])
@Check('competitors_discovery_status_check', `discovery_status IN ('pending', 'running', 'completed', 'failed')`)
// One discovery at a time per workspace, enforced by the database.
@Index('competitors_one_discovery_per_workspace', ['workspace_id'], { unique: true, where: `discovery_status IN ('pending', 'running')` })
export class CompetitorEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'competitors_pkey' })
  id: number;

  @Column({ type: 'integer' })
  account_id: number;

  @Column({ type: 'integer' })
  @ForeignKey('workspaces', { name: 'competitors_workspace_id_fkey', onDelete: 'CASCADE' })
  workspace_id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  homepage_url: string;

  @Column({ type: 'text' })
  normalized_url: string;

  @Column({ type: 'text' })
  domain: string;

  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text', nullable: true })
  logo_url: string | null;

  @Column({ type: 'text', default: 'pending' })
  discovery_status: DiscoveryStatus;

  @Column({ type: 'jsonb', nullable: true })
  discovery_monitor_types: DiscoveryType[] | null;

  @Column({ type: 'timestamptz', nullable: true })
  discovery_started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  discovery_finished_at: Date | null;

  @Column({ type: 'text', nullable: true })
  discovery_error: string | null;

  @Column({ type: 'jsonb', default: [] })
  discovery_surfaces: DiscoveredSurface[];

  @Column({ type: 'timestamptz', nullable: true })
  discovered_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'competitors_account_id_fkey' })
  account?: Relation<AccountEntity>;
}
