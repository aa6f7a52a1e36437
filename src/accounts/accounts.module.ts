import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountEntity } from './account.entity';
import { AccountsRepository } from './accounts.repository';
import { ApiKeyEntity } from './api-key.entity';
import { AccountsService } from './accounts.service';
import { ApiKeyGuard } from './api-key.guard';
import { KeyCache } from './key-cache';

@Module({
  controllers: [AccountController],
  exports: [AccountsRepository, AccountsService, ApiKeyGuard],
  imports: [TypeOrmModule.forFeature([AccountEntity, ApiKeyEntity])],
  providers: [AccountsRepository, AccountsService, ApiKeyGuard, KeyCache],
})
export class AccountsModule {}
