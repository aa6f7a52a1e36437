import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompetitorEntity } from './competitor.entity';

@Entity('competitor_notes')
export class CompetitorNoteEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'competitor_notes_pkey' })
  id: number;

  @Index('competitor_notes_competitor_idx')
  @Column({ type: 'integer' })
  competitor_id: number;

  @Column({ type: 'text' })
  body: string;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @ManyToOne(() => CompetitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competitor_id', foreignKeyConstraintName: 'competitor_notes_competitor_id_fkey' })
  competitor?: Relation<CompetitorEntity>;
}
