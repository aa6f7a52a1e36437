import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/** A password reset link sent to a user: the token's keyed hash (never the token), its expiry, its single use. */
@Entity('password_resets')
export class PasswordResetEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'password_resets_pkey' })
  token_hash: string;

  @Index('password_resets_user_idx')
  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'password_resets_user_id_fkey' })
  user?: Relation<UserEntity>;
}
