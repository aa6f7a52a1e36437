import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { AccountEntity } from './account.entity';

/** An API key: only its SHA-256 hash and display prefix are stored. */
@Entity('api_keys')
@Unique('api_keys_key_hash_key', ['key_hash'])
export class ApiKeyEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'api_keys_pkey' })
  id: number;

  @Index('api_keys_account_idx')
  @Column({ type: 'integer' })
  account_id: number;

  @Column({ type: 'text' })
  key_hash: string;

  @Column({ type: 'text' })
  prefix: string;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'api_keys_account_id_fkey' })
  account?: Relation<AccountEntity>;
}
