import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';

@Entity('workspaces')
@Unique('workspaces_account_id_slug_key', ['account_id', 'slug'])
export class WorkspaceEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'workspaces_pkey' })
  id: number;

  @Column({ type: 'integer' })
  account_id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  slug: string;

  @CreateDateColumn({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'workspaces_account_id_fkey' })
  account?: Relation<AccountEntity>;
}
