import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { ApiKeyGuard } from './api-key.guard';
import { KeyCache } from './key-cache';

@Module({
  controllers: [AccountController],
  exports: [AccountsRepository, AccountsService, ApiKeyGuard],
  providers: [AccountsRepository, AccountsService, ApiKeyGuard, KeyCache],
})
export class AccountsModule {}
