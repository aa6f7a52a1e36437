import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { unknownField, unknownParams, validationFailed } from './errors';

interface RouteArg {
  index: number;
  data?: unknown;
}

/**
 * Strict input for the REST API (DESIGN §6.22) where no DTO can say it: a route that declares no
 * query DTO takes no query parameters (or only the ones it names), and a route that declares no
 * body takes no body fields. Routes with a DTO are checked by the validation pipe
 * (`forbidNonWhitelisted`). The web application's pages live outside `/v1` and are left alone.
 */
@Injectable()
export class StrictInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.path.startsWith('/v1/')) return next.handle();
    const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {}) as Record<string, RouteArg>);
    const declared = (type: RouteParamtypes) => args.filter(([key]) => key.split(':')[0] === String(type)).map(([, arg]) => arg);

    const queries = declared(RouteParamtypes.QUERY);
    if (!queries.some((arg) => arg.data === undefined)) {
      const allowed = new Set(queries.map((arg) => String(arg.data)));
      const unknown = Object.keys(req.query ?? {}).filter((name) => !allowed.has(name));
      if (unknown.length > 0) throw unknownParams(unknown);
    }

    const bodies = declared(RouteParamtypes.BODY);
    const body: unknown = req.body;
    if (bodies.length === 0 && body && typeof body === 'object' && !Array.isArray(body)) {
      const fields = Object.keys(body);
      if (fields.length > 0) throw validationFailed(fields.map(unknownField));
    }
    return next.handle();
  }
}
