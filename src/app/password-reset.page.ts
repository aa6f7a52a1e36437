import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { PasswordResets, RESET_LINK_MINUTES } from '../users/password-resets.service';
import { UsersError } from '../users/users.service';
import { LimitAction } from './action-limit';
import { AppExceptionFilter } from './app-exception.filter';
import { redirectWith } from './page';
import { formToken } from './web-setup';

/** `Forgot password?`: a reset link by email when SMTP is configured; otherwise the page says to ask an operator. */
@ApiExcludeController()
@Public()
@UseFilters(AppExceptionFilter)
@Controller('app')
export class PasswordResetPage {
  constructor(private readonly resets: PasswordResets) {}

  @Get('forgot-password')
  forgotPage(@Req() req: Request, @Res() res: Response): void {
    formToken(req, res);
    res.render('forgot-password', { title: 'Forgot your password?', available: this.resets.available });
  }

  /** The same answer whether or not the email has an account. */
  @Post('forgot-password')
  @HttpCode(200)
  @LimitAction('password_reset')
  forgot(@Req() req: Request, @Res() res: Response, @Body() body: { email?: unknown }): void {
    const email = String(body.email ?? '').trim();
    if (email) this.resets.request(email);
    formToken(req, res);
    res.render('forgot-password', { title: 'Forgot your password?', available: this.resets.available, sent: Boolean(email), email, minutes: RESET_LINK_MINUTES });
  }

  @Get('reset-password')
  async resetPage(@Req() req: Request, @Res() res: Response, @Query('token') token?: string): Promise<void> {
    const usable = typeof token === 'string' && (await this.resets.usable(token));
    res.setHeader('Cache-Control', 'no-store');
    formToken(req, res);
    res.status(usable ? 200 : 410).render('reset-password', { title: 'Choose a new password', usable, token });
  }

  @Post('reset-password')
  async reset(@Req() req: Request, @Res() res: Response, @Body() body: { token?: unknown; password?: unknown }): Promise<void> {
    const token = String(body.token ?? '');
    try {
      await this.resets.reset(token, String(body.password ?? ''));
    } catch (err) {
      if (!(err instanceof UsersError)) throw err;
      const usable = await this.resets.usable(token);
      res.status(422).render('reset-password', { title: 'Choose a new password', usable, token, error: err.message });
      return;
    }
    redirectWith(req, res, '/app/sign-in', 'notice', 'Your password is changed. Sign in with it.');
  }
}
