import { Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppExceptionFilter } from '../app/app-exception.filter';
import { notFound } from '../common/errors';
import { Public } from '../common/public.decorator';
import { EmailRecipientsRepository } from './email-recipients.repository';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

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
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly recipients: EmailRecipientsRepository,
  ) {}

  @Get(':token')
  async confirm(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const claim = await this.claim(token);
    const recipient = await this.recipients.find(claim.workspaceId, claim.email);
    res.render('unsubscribe', { title: 'Unsubscribe', token, email: claim.email, recipient: recipient !== null, workspace: recipient?.workspace_name });
  }

  @Post(':token')
  @HttpCode(200)
  async unsubscribe(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const claim = await this.claim(token);
    const recipient = await this.recipients.find(claim.workspaceId, claim.email);
    if (recipient) await this.recipients.remove(claim.workspaceId, claim.email);
    res.render('unsubscribe', { title: 'Unsubscribed', done: recipient !== null, email: claim.email, workspace: recipient?.workspace_name });
  }

  private async claim(token: string) {
    const claim = await this.tokens.verify(token);
    if (!claim) throw notFound('unsubscribe link');
    return claim;
  }
}
