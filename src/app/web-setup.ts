import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import hbs from 'hbs';
import { DataSource } from 'typeorm';
import { isUnavailableError } from '../common/unavailable';
import type { AppConfig } from '../config/config';
import { AppSecretEntity } from '../database/app-secret.entity';
import { AppSessionEntity } from '../users/app-session.entity';
import { PgSessionStore } from '../users/pg-session-store';
import { sessionSecret } from '../database/session-secret';
import { registerViewHelpers } from './view-helpers';
import { STATIC_DIR, VIEWS_DIR } from './web-paths';

export const SESSION_COOKIE = 'rw_session';
const SESSION_DAYS = 14;
const ANONYMOUS_SESSION_MS = 60 * 60 * 1000;
const FORM_LIMIT = '100kb';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    csrf?: string;
    workspaceId?: number;
    /** A message for the next page; `values`: what a form held when it failed, to fill it in again. */
    flash?: { kind: 'notice' | 'error'; text: string; values?: Record<string, string> };
    /** A key just created, shown on the next page only (post/redirect/get), then dropped. */
    newApiKey?: string;
  }
}

/**
 * The session's CSRF token for a page with a form, made the first time one is shown. Making it is
 * what stores a visitor's session: pages without a form leave no session row and set no cookie.
 */
export function formToken(req: Request, res: Response): string {
  if (!req.session.csrf) {
    // A visitor who has not signed in keeps a short session: bots and link scanners leave no lasting rows.
    if (!req.session.userId) req.session.cookie.maxAge = ANONYMOUS_SESSION_MS;
    req.session.csrf = randomBytes(24).toString('base64url');
  }
  res.locals.csrf = req.session.csrf;
  return req.session.csrf;
}

/** The double of the form field `_csrf` (or header X-CSRF-Token) must match the session's token. */
function csrfGuard(req: Request, res: Response, next: NextFunction): void {
  // Every signed-in page has a form (Sign out); anonymous pages ask for a token only when they show one.
  if (req.session.userId || req.session.csrf) formToken(req, res);
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
  // An unsubscribe link's signed token is its own authorisation, and mail clients' one-click
  // unsubscribe (RFC 8058) POSTs without any form token.
  if (req.path.startsWith('/unsubscribe/')) return next();
  const sent = String((req.body as Record<string, unknown> | undefined)?._csrf ?? req.get('x-csrf-token') ?? '');
  const expected = Buffer.from(req.session.csrf ?? '');
  const given = Buffer.from(sent);
  if (expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected)) return next();
  res.status(403).render('error', {
    title: 'Form expired',
    status: 403,
    message: 'This form has expired or did not come from this application. Go back, reload the page and try again.',
  });
}

/**
 * Errors of the layers above the pages (a form body too large, the session store unreachable)
 * are shown as pages too, never as the API's JSON.
 */
function pageForMiddlewareError(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err);
  const e = err as { type?: string; status?: number };
  if (e.type === 'entity.too.large') {
    res.status(413).render('error', { title: 'Too much to send', status: 413, message: `A form can send at most ${FORM_LIMIT}. Shorten what you typed and try again.` });
    return;
  }
  if (isUnavailableError(err)) {
    res.setHeader('Retry-After', '5');
    res.status(503).render('error', { title: 'Try again in a moment', status: 503, message: 'Rivalwatch cannot reach its database right now. Try again in a moment.' });
    return;
  }
  if (e.status && e.status >= 400 && e.status < 500) {
    res.status(e.status).render('error', { title: 'That did not work', status: e.status, message: 'The form could not be read. Reload the page and try again.' });
    return;
  }
  next(err);
}

/**
 * The web application's HTTP layer under /app (DESIGN §5a): security headers with a same-origin
 * CSP, form bodies, sessions in Postgres (httpOnly, SameSite=Lax, Secure under https), CSRF
 * tokens on every form, server-rendered templates and a small stylesheet and script.
 */
export async function setUpWebApp(app: NestExpressApplication, config: AppConfig): Promise<void> {
  const secure = config.publicBaseUrl.startsWith('https://');
  app.use(
    '/app',
    helmet({
      // Forms go back to the page they came from (Referer), which is never sent to other sites.
      referrerPolicy: { policy: 'same-origin' },
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          // Competitor logos are served from /app/logos: viewers' browsers never contact a competitor.
          imgSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: secure ? [] : null,
        },
      },
    }),
  );
  // Static files first: they need no session.
  app.useStaticAssets(STATIC_DIR, { prefix: '/app/static/', maxAge: '1h' });
  app.use('/app', express.urlencoded({ extended: false, limit: FORM_LIMIT }));
  app.use(
    '/app',
    session({
      name: SESSION_COOKIE,
      store: new PgSessionStore(app.get(DataSource).getRepository(AppSessionEntity)),
      secret: await sessionSecret(config, app.get(DataSource).getRepository(AppSecretEntity)),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      // TLS usually ends at a proxy: its X-Forwarded-Proto says whether the Secure cookie may be
      // sent, even when TRUST_PROXY is 0 (a forged https only gets its sender a cookie over http).
      proxy: secure,
      cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_DAYS * 24 * 3600 * 1000, path: '/app' },
    }),
  );
  app.use('/app', csrfGuard);
  app.use('/app', pageForMiddlewareError);
  app.setBaseViewsDir(VIEWS_DIR);
  app.setViewEngine('hbs');
  app.set('view options', { layout: 'layout' });
  // Partials keep their file names (hbs would turn "change-items" into "change_items").
  await new Promise<void>((resolve, reject) =>
    hbs.registerPartials(`${VIEWS_DIR}/partials`, { rename: (name) => name }, (err) => (err ? reject(err) : resolve())),
  );
  registerViewHelpers(hbs);
}
