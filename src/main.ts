import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { AccountsService } from './accounts/accounts.service';
import { start } from './bootstrap';
import { ConfigError, loadConfig } from './config/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await start(config);
  if (!config.databaseUrl) {
    const accounts = app.get(AccountsService);
    if ((await accounts.countAccounts()) === 0) {
      const { account, apiKey } = await accounts.createAccount('Local', 'pro');
      // Printed once: only its hash is stored.
      process.stdout.write(
        `\nFirst account ${account.id} (plan pro). API key, shown once:\n\n  ${apiKey}\n\n` +
          `Try: curl -H "Authorization: Bearer ${apiKey}" http://localhost:${config.port}/v1/workspaces\n\n` +
          (config.signup === 'open' ? `Or sign up in the application: ${config.appBaseUrl}/app/sign-up\n\n` : ''),
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
