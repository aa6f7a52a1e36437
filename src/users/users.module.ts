import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity';
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SignInLimiter } from './sign-in-limiter';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** People who sign in to the application: users, password hashes, sign-in limits (sessions: app module). */
@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([UserEntity])],
  providers: [SignInLimiter, UsersRepository, UsersService],
  exports: [SignInLimiter, UsersService],
})
export class UsersModule {}
