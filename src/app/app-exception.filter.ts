import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountsError } from '../accounts/accounts.service';
import { DomainError, ErrorCode } from '../common/errors';
import { redactUrl } from '../common/redact-url';
import { isUnavailableError } from '../common/unavailable';
import { UsersError } from '../users/users.service';
import { backTo, redirectWith } from './page';
import { SignInRequired } from './viewer';

/** What a person sees of an error in the application: a readable page or message, never JSON or a stack. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('App');

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof SignInRequired) return res.redirect(303, '/app/sign-in');
    const notFound =
      (exception instanceof DomainError && exception.code === ErrorCode.NotFound) ||
      (exception instanceof HttpException && exception.getStatus() === 404);
    if (notFound) return this.render(res, 404, 'Not found', 'There is nothing here, or it belongs to another account.');
    const unavailable =
      isUnavailableError(exception) || (exception instanceof DomainError && exception.code === ErrorCode.ServiceUnavailable);
    if (unavailable) {
      res.setHeader('Retry-After', '5');
      return this.render(res, 503, 'Try again in a moment', 'Rivalwatch cannot reach its database or queue right now. Try again in a moment.');
    }
    if (exception instanceof DomainError && exception.code === ErrorCode.RateLimited) {
      res.setHeader('Retry-After', String(exception.options.retryAfter ?? 60));
      return this.render(res, 429, 'Slow down', exception.message);
    }
    const readable = exception instanceof DomainError || exception instanceof UsersError || exception instanceof AccountsError;
    if (readable && req.method === 'POST') return redirectWith(req, res, backTo(req), 'error', messageOf(exception));
    if (readable) return this.render(res, exception instanceof DomainError ? exception.status : 400, 'Something is not right', messageOf(exception));
    this.logger.error(`${req.method} ${redactUrl(req.originalUrl)}: ${(exception as Error)?.stack ?? String(exception)}`);
    this.render(res, 500, 'Something went wrong', 'An unexpected error happened on our side. Try again in a moment.');
  }

  private render(res: Response, status: number, title: string, message: string): void {
    res.status(status).render('error', { title, status, message });
  }
}

/** A DomainError's message, with the details of a validation failure as people write them. */
export function messageOf(err: unknown): string {
  if (err instanceof DomainError) {
    const details = (err.options.extra?.details as { field: string; message: string }[] | undefined) ?? [];
    const text = details.length ? details.map((d) => d.message).join(' ') : err.message;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return (err as Error).message;
}
