import { Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/public.decorator';
import { Unsubscribes } from '../webhooks/channels/email/unsubscribes.service';
import { AppExceptionFilter } from './app-exception.filter';

/**
 * The unsubscribe link of every email, without signing in: GET asks for confirmation (so a link
 * scanner that follows it unsubscribes nobody), POST unsubscribes — from the page's button or as a
 * mail client's one-click request (RFC 8058, `List-Unsubscribe-Post`). The signed token is the
 * authorisation, so the one-click POST needs no CSRF token.
 */
@ApiExcludeController()
@Public()
@UseFilters(AppExceptionFilter)
@Controller('app/unsubscribe')
export class UnsubscribePage {
  constructor(private readonly unsubscribes: Unsubscribes) {}

  @Get(':token')
  async confirm(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const target = await this.unsubscribes.describe(token);
    res.render('unsubscribe', { title: 'Unsubscribe', token, email: target.email, recipient: target.workspaceName !== null, workspace: target.workspaceName ?? undefined });
  }

  @Post(':token')
  @HttpCode(200)
  async unsubscribe(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const target = await this.unsubscribes.unsubscribe(token);
    res.render('unsubscribe', { title: 'Unsubscribed', done: target.workspaceName !== null, email: target.email, workspace: target.workspaceName ?? undefined });
  }
}
