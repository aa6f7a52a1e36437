import type { Request } from 'express';

/** The REST API's path prefix; the web application, health and metrics live outside it. */
export const API_PREFIX = 'v1';

/** A request to the REST API, as opposed to the web application's pages, health or metrics. */
export function isRestApiRequest(req: Request): boolean {
  return req.path.startsWith(`/${API_PREFIX}/`);
}
