import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PasswordResetEntity } from './password-reset.entity';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordResets } from './password-resets.service';
import { SignInLimiter } from './sign-in-limiter';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** People who sign in to the application: users, password hashes and resets, sign-in limits (sessions: app module). */
@Module({
  exports: [PasswordResets, SignInLimiter, UsersService],
  imports: [AccountsModule, TypeOrmModule.forFeature([PasswordResetEntity, UserEntity]), WebhooksModule],
  providers: [PasswordResetsRepository, PasswordResets, SignInLimiter, UsersRepository, UsersService],
})
export class UsersModule {}
