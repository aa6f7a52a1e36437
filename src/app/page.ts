import type { Request, Response } from 'express';
import type { Viewer } from './viewer';

export type Nav = 'changes' | 'competitors' | 'digest' | 'pricing' | 'settings';

/** Renders a signed-in page inside the layout: nav, workspace switcher, the flash message once. */
export function renderPage(
  req: Request,
  res: Response,
  viewer: Viewer,
  template: string,
  data: Record<string, unknown> & { title: string; nav?: Nav; workspaceId?: number },
): void {
  const flash = req.session.flash;
  delete req.session.flash;
  const workspaceId = data.workspaceId ?? req.session.workspaceId ?? viewer.workspaces[0]?.id;
  if (data.workspaceId) req.session.workspaceId = data.workspaceId;
  res.render(template, {
    ...data,
    flash,
    signedIn: true,
    user: viewer.user,
    workspaces: viewer.workspaces.map((w) => ({ ...w, current: w.id === workspaceId })),
    workspaceId,
    nav: { [data.nav ?? '']: true },
  });
}

/** Post/redirect/get: a message for the next page, then back to where the form was. */
export function redirectWith(
  req: Request,
  res: Response,
  to: string,
  kind: 'notice' | 'error',
  text: string,
  values?: Record<string, string>,
): void {
  req.session.flash = { kind, text, values };
  redirectAfterSave(req, res, to);
}

/**
 * Saves the session before redirecting: express-session would otherwise send the redirect's
 * headers while its save is still under way, and the next page could read the session without it.
 */
function redirectAfterSave(req: Request, res: Response, to: string): void {
  req.session.save(() => res.redirect(303, to));
}

export function backTo(req: Request, fallback = '/app'): string {
  const referer = req.get('referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    return url.pathname.startsWith('/app') ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}
