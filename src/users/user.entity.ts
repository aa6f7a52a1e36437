import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';

export type UserRole = 'owner' | 'member';

/** A person who signs in to the application; belongs to one account. */
@Entity('users')
@Check('users_role_check', `role IN ('owner', 'member')`)
// Unique on lower(email): an expression index TypeORM cannot express; the migration owns it.
@Index('users_email_unique', { synchronize: false })
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'users_pkey' })
  id: number;

  @Index('users_account_idx')
  @Column({ type: 'integer' })
  account_id: number;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  password_hash: string;

  @Column({ type: 'text', default: 'owner' })
  role: UserRole;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  last_sign_in_at: Date | null;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'users_account_id_fkey' })
  account?: Relation<AccountEntity>;
}
