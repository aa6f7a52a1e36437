import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AccountsError } from '../accounts/accounts.service';
import { DomainError } from '../common/errors';
import { UsersError } from '../users/users.service';
import { loadConfig } from '../config/config';
import { parseFlags, UsageError } from './args';
import { CliModule } from './cli.module';
import { COMMANDS } from './commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`usage: npm run --silent cli -- <${Object.keys(COMMANDS).join('|')}> [--flag value…]\n`);
    return 2;
  }
  const flags = parseFlags(rest);
  const config = Object.freeze({ ...loadConfig(), embeddedClient: true });
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error'] });
  try {
    const result = await command(app, flags);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const known = err instanceof UsageError || err instanceof AccountsError || err instanceof UsersError || err instanceof DomainError;
    process.stderr.write(`${known ? err.message : (err?.stack ?? String(err))}\n`);
    process.exit(known ? 2 : 1);
  },
);
