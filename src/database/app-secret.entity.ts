import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A secret the application generated for itself, e.g. the session cookie key when SESSION_SECRET is unset. */
@Entity('app_secrets')
export class AppSecretEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'app_secrets_pkey' })
  name: string;

  @Column({ type: 'text' })
  value: string;
}
