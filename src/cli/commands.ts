import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { requireFlag, requireId } from './args';

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
  // Opening the app context migrates the database.
  'db:migrate': async () => ({ migrated: true }),
};
