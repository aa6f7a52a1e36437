import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, IsNull, Repository } from 'typeorm';
import { PasswordResetEntity } from './password-reset.entity';
import { currentManager } from '../database/transaction-context';

@Injectable()
export class PasswordResetsRepository {
  constructor(@InjectRepository(PasswordResetEntity) private readonly resets: Repository<PasswordResetEntity>) {}

  async add(userId: number, tokenHash: string, validMinutes: number): Promise<void> {
    await this.resets.insert({ user_id: userId, token_hash: tokenHash, expires_at: () => `now() + make_interval(mins => ${validMinutes})` });
  }

  /** True while the link can still be used: not used, not expired. */
  async usable(tokenHash: string): Promise<boolean> {
    return this.resets.existsBy({ token_hash: tokenHash, used_at: IsNull(), expires_at: MoreThan(new Date()) });
  }

  /**
   * Uses the link (once: the UPDATE's condition lets one caller through) and voids the user's other
   * unused links; answers the user's id, or null when the link is unknown, used or expired.
   */
  async use(tokenHash: string): Promise<number | null> {
    const manager = currentManager(this.resets.manager);
    const { raw } = await manager
      .createQueryBuilder()
      .update(PasswordResetEntity)
      .set({ used_at: () => 'now()' })
      .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()', { tokenHash })
      .returning('user_id')
      .execute();
    const userId: number | undefined = raw[0]?.user_id;
    if (userId === undefined) return null;
    await manager.update(PasswordResetEntity, { user_id: userId, used_at: IsNull() }, { used_at: () => 'now()' });
    return userId;
  }
}
