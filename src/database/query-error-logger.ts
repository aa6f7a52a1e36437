import { Logger as NestLogger } from '@nestjs/common';
import type { Logger } from 'typeorm';

/**
 * TypeORM's failed statements, logged without their parameters: those hold what people typed
 * (emails, names, webhook secrets). The statement and Postgres's message say what went wrong.
 */
export class QueryErrorLogger implements Logger {
  private readonly logger = new NestLogger('TypeORM');

  logQueryError(error: string | Error, query: string): void {
    this.logger.error(`query failed: ${typeof error === 'string' ? error : error.message} -- ${query}`);
  }

  // Only failures are worth a line: statements, migrations and schema work are routine.
  log(): void {}
  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
}
