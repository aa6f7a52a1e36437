import { RequestMethod } from '@nestjs/common';
import type { Request } from 'express';

/** The REST API's path prefix; the web application, health and metrics live outside it. */
export const API_PREFIX = 'v1';

const REST_PATH = new RegExp(`^/${API_PREFIX}/`, 'i');

/**
 * A request to the REST API, as opposed to the web application's pages, health or metrics.
 * Express matches routes without regard to case, so `/V1/…` is the API too and gets its guards.
 */
export function isRestApiRequest(req: Request): boolean {
  return REST_PATH.test(req.path);
}

/**
 * Middleware for every request, in path-to-regexp 8 syntax: Nest maps `'*'` to `/v1/*` under the
 * global prefix and warns at start-up (LegacyRouteConverter) that it converts it to this.
 */
export const EVERY_ROUTE = { path: '/{*path}', method: RequestMethod.ALL };
