import { Injectable } from '@nestjs/common';
import type { AccountContext } from '../../../accounts/account-context';
import { ScopedLookup } from '../../../scoping/scoped-lookup';
import { toOutboxMessage, type OutboxMessage } from './dto/outbox-message.response';
import { EmailOutboxRepository } from './email-outbox.repository';
import { Mailer } from './mailer.service';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** The email outbox of a workspace: where mail goes when no SMTP server is configured. */
@Injectable()
export class EmailOutboxService {
  constructor(
    private readonly outbox: EmailOutboxRepository,
    private readonly mailer: Mailer,
    private readonly scope: ScopedLookup,
  ) {}

  /** True when mail goes to the outbox rather than to an SMTP server (no SMTP_URL). */
  get active(): boolean {
    return this.mailer.via === 'outbox';
  }

  /** The workspace's outbox messages, newest first; 404 not_found for another account's workspace. */
  async list(account: AccountContext, workspaceId: number, limit = DEFAULT_LIMIT): Promise<OutboxMessage[]> {
    await this.scope.workspace(account.accountId, workspaceId);
    const rows = await this.outbox.listForWorkspace(workspaceId, Math.min(Math.max(1, limit), MAX_LIMIT));
    return rows.map(toOutboxMessage);
  }
}
