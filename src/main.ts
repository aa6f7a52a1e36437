import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { AccountsService } from './accounts/accounts.service';
import { firstStartMessage } from './accounts/first-start-message';
import { start } from './bootstrap';
import { ConfigError, loadConfig } from './config/config';
import { tuneHeap } from './common/heap-tuning';

async function main(): Promise<void> {
  tuneHeap();
  const config = loadConfig();
  const app = await start(config);
  if (!config.databaseUrl) {
    const accounts = app.get(AccountsService);
    if ((await accounts.countAccounts()) === 0) {
      const { account, apiKey } = await accounts.createAccount('Local', 'pro');
      // Printed once: only its hash is stored.
      process.stdout.write(
        firstStartMessage({ accountId: account.id, accountName: account.name, apiKey, port: config.port, appBaseUrl: config.appBaseUrl, signupOpen: config.signup === 'open' }),
      );
    }
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`configuration error: ${err.message}\n`);
  } else {
    new Logger('Rivalwatch').error(err?.stack ?? String(err));
  }
  process.exit(1);
});
