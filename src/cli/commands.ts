import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { UsersService } from '../users/users.service';
import { DeliveryAttempts } from '../webhooks/delivery-attempts.service';
import { DigestFlushService } from '../webhooks/digest-flush.service';
import { requireFlag, requireId, UsageError } from './args';
import { FlushOutcome, flushOutcome, overallOutcome } from './flush-outcome';

export type Command = (app: INestApplicationContext, flags: Record<string, string>) => Promise<unknown>;

/** The CLI of DESIGN §5; each command prints one JSON document. */
export const COMMANDS: Record<string, Command> = {
  'accounts:create': async (app, flags) => {
    const { account, apiKey } = await app
      .get(AccountsService)
      .createAccount(requireFlag(flags, 'name'), flags.plan ?? 'trial');
    return { account: { id: account.id, name: account.name, plan: account.plan_id }, api_key: apiKey };
  },
  'accounts:set-plan': async (app, flags) => {
    const account = await app.get(AccountsService).setPlan(requireId(flags, 'account'), requireFlag(flags, 'plan'));
    return { account: { id: account.id, name: account.name, plan: account.plan_id } };
  },
  'keys:create': async (app, flags) => {
    const { apiKey, key } = await app.get(AccountsService).createKey(requireId(flags, 'account'));
    return { api_key: apiKey, key };
  },
  'keys:revoke': async (app, flags) => {
    const id = requireId(flags, 'key');
    await app.get(AccountsService).revokeKey(id);
    return { revoked: true, key: { id } };
  },
  'users:create': async (app, flags) => {
    const user = await app
      .get(UsersService)
      .create(requireId(flags, 'account'), requireFlag(flags, 'email'), requireFlag(flags, 'password'), flags.role === 'owner' ? 'owner' : 'member');
    return { user: { id: user.id, email: user.email, account_id: user.account_id } };
  },
  // Sets a password (someone locked out where no SMTP server sends reset links); their sessions end.
  'users:set-password': async (app, flags) => {
    const user = await app.get(UsersService).setPassword(requireFlag(flags, 'email'), requireFlag(flags, 'password'));
    return { user: { id: user.id, email: user.email, account_id: user.account_id } };
  },
  // Opening the app context migrates the database.
  'db:migrate': async () => ({ migrated: true }),
  // Ends the workspace's digest window now and sends each channel's first attempt inline, so the
  // output says what happened on every channel (sent, refused with the reason, or queued for
  // retry); retries go to the queue like any delivery's.
  'notifications:flush': async (app, flags) => {
    const workspaceId = requireId(flags, 'workspace');
    const flushed = await app.get(DigestFlushService).flush(workspaceId, { manual: true, enqueue: false });
    if (flushed.status === 'no_settings') {
      throw new UsageError(`workspace ${workspaceId} does not exist or has no notification settings`);
    }
    if (flushed.status !== 'sent') return { workspace_id: workspaceId, sent: false, reason: flushed.status };
    const deliveries = [];
    const outcomes: FlushOutcome[] = [];
    for (const d of flushed.deliveries) {
      const attempt = await app.get(DeliveryAttempts).attempt(d.delivery_id);
      const outcome = flushOutcome(attempt);
      outcomes.push(outcome);
      deliveries.push({ id: d.delivery_id, channel: d.channel, ...outcome, status: attempt?.status ?? 'pending', attempt: attempt?.record ?? null });
    }
    return {
      workspace_id: workspaceId,
      // The best that happened on any channel; each delivery says what happened to it.
      ...overallOutcome(outcomes),
      event: 'digest.ready',
      idempotency_key: flushed.idempotency_key,
      window_start: flushed.window_start,
      window_end: flushed.window_end,
      changes: flushed.changes,
      deliveries,
    };
  },
};
