import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { normalizeEmail } from '../common/email';
import { isUnstorableText } from '../common/input-text';
import { uniqueViolation } from '../common/pg-errors';
import { UserRow, UsersRepository } from './users.repository';
import { joinOrOpenTransaction, transaction } from '../database/transaction-context';

export class UsersError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

/** Refuses a password that is too short, too long, or not storable as UTF-8. */
export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsersError(`Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > 1024) throw new UsersError('That password is too long.');
  // Hashed as UTF-8, half a surrogate pair would become U+FFFD: two different passwords would match.
  if (isUnstorableText(password)) throw new UsersError('A password cannot hold NUL characters or half a surrogate pair.');
}

/** The email in its normal form (what is stored and compared), once both fields are acceptable. */
function checkCredentials(email: string, password: string): string {
  if (isUnstorableText(email)) throw new UsersError('Enter a valid email address.');
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized) || normalized.length > 254) throw new UsersError('Enter a valid email address.');
  checkPassword(password);
  return normalized;
}

let dummy: Promise<string> | null = null;

/** A hash of a random password, verified against when the email is unknown. */
function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(16).toString('hex'));
  return dummy;
}

/** People who sign in to the application: argon2id password hashes, one email per person. */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  async create(accountId: number, email: string, password: string, role: UserRow['role'] = 'member'): Promise<UserRow> {
    const normalized = checkCredentials(email, password);
    if (!(await this.accounts.byId(accountId))) throw new UsersError(`account ${accountId} not found`);
    if (await this.users.byEmail(normalized)) throw new UsersError('A user with this email already exists.');
    const passwordHash = await hash(password);
    try {
      return await this.users.create({ accountId, email: normalized, passwordHash, role });
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new UsersError('A user with this email already exists.');
      throw err;
    }
  }

  /** Sign-up: a `trial` account and its owner, together or not at all. */
  async signUp(accountName: string, email: string, password: string): Promise<UserRow> {
    const name = accountName.trim();
    if (!name) throw new UsersError('Enter an account name.');
    if (name.length > 200) throw new UsersError('That account name is too long.');
    if (isUnstorableText(name)) throw new UsersError('An account name cannot hold NUL characters or half a surrogate pair.');
    const normalized = checkCredentials(email, password);
    // Checked first so the common case is a message, not a failed insert; the unique index decides races.
    if (await this.users.byEmail(normalized)) throw new UsersError('A user with this email already exists. Sign in instead.');
    const passwordHash = await hash(password);
    try {
      return await transaction(this.db, async () => {
        const account = await this.accounts.create(name, 'trial');
        return this.users.create({ accountId: account.id, email: normalized, passwordHash, role: 'owner' });
      });
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new UsersError('A user with this email already exists. Sign in instead.');
      throw err;
    }
  }

  /** The user whose email and password these are, or null (the same answer for an unknown email). */
  async authenticate(email: string, password: string): Promise<UserRow | null> {
    // No account can have such an email (checkCredentials), and Postgres could not compare it.
    const user = isUnstorableText(email) ? null : await this.users.byEmail(email);
    // An unknown email costs a verification too, so timing does not tell which emails have accounts.
    const valid = await verify(user?.password_hash ?? (await dummyHash()), password).catch(() => false);
    if (!user || !valid) return null;
    await this.users.signedIn(user.id);
    return user;
  }

  byId(id: number): Promise<UserRow | null> {
    return this.users.byId(id);
  }

  /** The person with this email, or null (unstorable text cannot be an account's email). */
  byEmail(email: string): Promise<UserRow | null> {
    return isUnstorableText(email) ? Promise.resolve(null) : this.users.byEmail(email);
  }

  /** An operator sets someone's password (CLI); their sessions end. */
  async setPassword(email: string, password: string): Promise<UserRow> {
    checkPassword(password);
    const user = await this.byEmail(email);
    if (!user) throw new UsersError(`no user with the email ${email}`);
    await this.replacePassword(user.id, password);
    return user;
  }

  /** A new password hash; every session of the user ends, in the same transaction (the caller's when it has one). */
  async replacePassword(userId: number, password: string): Promise<void> {
    checkPassword(password);
    const passwordHash = await hash(password);
    await joinOrOpenTransaction(this.db, async () => {
      await this.users.setPasswordHash(userId, passwordHash);
      await this.users.endSessions(userId);
    });
  }
}
