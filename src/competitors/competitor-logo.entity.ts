import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CompetitorEntity } from './competitor.entity';

/** A competitor's logo as the service fetched it at discovery (DESIGN §5g); the app serves it from here. */
@Entity('competitor_logos')
export class CompetitorLogoEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'competitor_logos_pkey' })
  competitor_id: number;

  /** A media type without parameters, e.g. `image/png`. */
  @Column({ type: 'text' })
  content_type: string;

  @Column({ type: 'bytea' })
  body: Buffer;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  fetched_at: Date;

  @ManyToOne(() => CompetitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competitor_id', foreignKeyConstraintName: 'competitor_logos_competitor_id_fkey' })
  competitor?: Relation<CompetitorEntity>;
}
