import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AuthMiddleware } from './auth.middleware';

@Module({
  controllers: [AccountController],
  exports: [AccountsService, AuthMiddleware],
  providers: [AccountsRepository, AccountsService, AuthMiddleware],
})
export class AccountsModule {}
