import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface UserRow {
  id: number;
  account_id: number;
  email: string;
  password_hash: string;
  role: 'owner' | 'member';
  created_at: Date;
  last_sign_in_at: Date | null;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly db: DataSource) {}

  async create(
    u: { accountId: number; email: string; passwordHash: string; role: UserRow['role'] },
    manager: EntityManager = this.db.manager,
  ): Promise<UserRow> {
    const [row] = await manager.query(
      `INSERT INTO users (account_id, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING *`,
      [u.accountId, u.email, u.passwordHash, u.role],
    );
    return row;
  }

  async byEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.query(`SELECT * FROM users WHERE lower(email) = lower($1)`, [email]);
    return row ?? null;
  }

  async byId(id: number): Promise<UserRow | null> {
    const [row] = await this.db.query(`SELECT * FROM users WHERE id = $1`, [id]);
    return row ?? null;
  }

  async signedIn(id: number): Promise<void> {
    await this.db.query(`UPDATE users SET last_sign_in_at = now() WHERE id = $1`, [id]);
  }
}
