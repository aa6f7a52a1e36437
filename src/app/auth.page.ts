import { Body, Controller, Get, Inject, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, AppConfig } from '../config/config';
import { SignInLimiter } from '../users/sign-in-limiter';
import { waitText } from './action-limit';
import { UsersError, UsersService } from '../users/users.service';
import { LimitAction } from './action-limit';
import { AppExceptionFilter } from './app-exception.filter';
import { formToken } from './web-setup';

interface Credentials {
  email?: string;
  password?: string;
  account_name?: string;
}

/** Sign in, sign up, sign out; `/app` itself sends people where they belong. */
@ApiExcludeController()
@Public()
@UseFilters(AppExceptionFilter)
@Controller('app')
export class AuthPage {
  constructor(
    private readonly users: UsersService,
    private readonly limiter: SignInLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  home(@Req() req: Request, @Res() res: Response): void {
    res.redirect(303, req.session.userId ? '/app/workspaces' : '/app/sign-in');
  }

  @Get('sign-in')
  signInPage(@Req() req: Request, @Res() res: Response): void {
    if (req.session.userId) return res.redirect(303, '/app/workspaces');
    formToken(req, res);
    res.render('sign-in', { title: 'Sign in', signupOpen: this.config.signup === 'open', flash: takeFlash(req) });
  }

  @Post('sign-in')
  async signIn(@Req() req: Request, @Res() res: Response, @Body() body: Credentials): Promise<void> {
    const email = String(body.email ?? '').trim();
    const password = String(body.password ?? '');
    const ip = req.ip ?? 'unknown';
    const wait = await this.limiter.attempt(email, ip);
    if (wait > 0) {
      return this.refuse(res, 429, email, `Too many failed sign-in attempts. Try again in ${waitText(wait)}.`);
    }
    const user = email && password ? await this.users.authenticate(email, password) : null;
    if (!user) return this.refuse(res, 401, email, 'That email and password do not match an account.');
    await this.limiter.succeeded(email, ip);
    this.startSession(req, res, user.id);
  }

  /** A new session id at sign-in, so a session fixed before it is worth nothing. */
  private startSession(req: Request, res: Response, userId: number): void {
    req.session.regenerate((err) => {
      if (err) return res.status(503).render('error', { title: 'Try again in a moment', status: 503, message: 'Could not start a session.' });
      req.session.userId = userId;
      req.session.save(() => res.redirect(303, '/app/workspaces'));
    });
  }

  @Get('sign-up')
  signUpPage(@Req() req: Request, @Res() res: Response): void {
    if (this.config.signup !== 'open') {
      return res.status(404).render('error', { title: 'Sign-up is closed', status: 404, message: 'Ask your administrator for an account.' });
    }
    formToken(req, res);
    res.render('sign-up', { title: 'Create your account', flash: takeFlash(req) });
  }

  @Post('sign-up')
  @LimitAction('sign_up')
  async signUp(@Req() req: Request, @Res() res: Response, @Body() body: Credentials): Promise<void> {
    if (this.config.signup !== 'open') {
      return res.status(404).render('error', { title: 'Sign-up is closed', status: 404, message: 'Ask your administrator for an account.' });
    }
    try {
      const user = await this.users.signUp(String(body.account_name ?? ''), String(body.email ?? ''), String(body.password ?? ''));
      this.startSession(req, res, user.id);
    } catch (err) {
      if (!(err instanceof UsersError)) throw err;
      res.status(422).render('sign-up', { title: 'Create your account', error: err.message, email: body.email, account_name: body.account_name });
    }
  }

  @Post('sign-out')
  signOut(@Req() req: Request, @Res() res: Response): void {
    req.session.destroy(() => {
      res.clearCookie('rw_session', { path: '/app' });
      res.redirect(303, '/app/sign-in');
    });
  }

  private refuse(res: Response, status: number, email: string, message: string): void {
    res.status(status).render('sign-in', { title: 'Sign in', error: message, email, signupOpen: this.config.signup === 'open' });
  }
}

function takeFlash(req: Request) {
  const flash = req.session.flash;
  delete req.session.flash;
  return flash;
}
