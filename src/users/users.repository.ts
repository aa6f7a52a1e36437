import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { normalizeEmail } from '../common/email';
import { AppSessionEntity } from './app-session.entity';
import { UserEntity, type UserRole } from './user.entity';
import { currentManager } from '../database/transaction-context';

export type UserRow = Pick<UserEntity, 'id' | 'account_id' | 'email' | 'password_hash' | 'role' | 'created_at' | 'last_sign_in_at'>;

const USER_COLUMNS: (keyof UserRow)[] = ['id', 'account_id', 'email', 'password_hash', 'role', 'created_at', 'last_sign_in_at'];

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async create(
    u: { accountId: number; email: string; passwordHash: string; role: UserRole },
  ): Promise<UserRow> {
    const manager = currentManager(this.users.manager);
    const { raw } = await manager
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({ account_id: u.accountId, email: u.email, password_hash: u.passwordHash, role: u.role })
      .returning(USER_COLUMNS)
      .execute();
    return raw[0];
  }

  /**
   * Emails are stored in their normal form and unique whatever their case (the users_email_unique
   * index on lower(email)); the one looked for is compared in that form, the sign-in limiter's.
   */
  byEmail(email: string): Promise<UserRow | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = :email', { email: normalizeEmail(email) }).getOne();
  }

  byId(id: number): Promise<UserRow | null> {
    return this.users.findOneBy({ id });
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    const manager = currentManager(this.users.manager);
    await manager.getRepository(UserEntity).update({ id }, { password_hash: passwordHash });
  }

  /** Ends every application session of the user (after a password change, a stolen session is worth nothing). */
  async endSessions(id: number): Promise<void> {
    const manager = currentManager(this.users.manager);
    await manager
      .createQueryBuilder()
      .delete()
      .from(AppSessionEntity)
      .where(`sess->>'userId' = :userId`, { userId: String(id) })
      .execute();
  }

  async signedIn(id: number): Promise<void> {
    await this.users.update({ id }, { last_sign_in_at: () => 'now()' });
  }
}
