import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An application session (express-session store), shared by every API replica. */
@Entity('app_sessions')
export class AppSessionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'app_sessions_pkey' })
  sid: string;

  @Column({ type: 'json' })
  sess: unknown;

  @Index('app_sessions_expires_idx')
  @Column({ type: 'timestamptz' })
  expires_at: Date;
}
