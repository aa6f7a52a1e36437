import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import { invalidParams, unknownField, unknownParams, validationFailed } from './errors';
import { inputProblems } from './input-text';
import { isRestApiRequest } from './rest-api';

/** The query parameters a route takes (null: any, a DTO checks them) and whether it takes a body. */
interface DeclaredInput {
  allowedQuery: Set<string> | null;
  takesBody: boolean;
}

interface RouteArg {
  index: number;
  data?: unknown;
}

/**
 * Strict input for the REST API (DESIGN §6.22) where no DTO can say it: a route that declares no
 * query DTO takes no query parameters (or only the ones it names), and a route that declares no
 * body takes no body fields. Routes with a DTO are checked by the validation pipe
 * (`forbidNonWhitelisted`). On every route, no string may hold what Postgres cannot store (DESIGN
 * §5g): a 400 `invalid_params` in the query, a 422 `validation_failed` in the body. The web
 * application's pages live outside `/v1` and check their forms themselves (app/form.ts).
 * Registered after `JsonBodyGuard`, which has read the body by then.
 */
@Injectable()
export class StrictInputGuard implements CanActivate {
  private readonly declared = new WeakMap<object, DeclaredInput>();

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!isRestApiRequest(req)) return true;
    const declared = this.declaredInput(context);
    const query = req.query ?? {};
    if (declared.allowedQuery) {
      const unknown = Object.keys(query).filter((name) => !declared.allowedQuery!.has(name));
      if (unknown.length > 0) throw unknownParams(unknown);
    }
    const queryProblems = inputProblems(query, 'query');
    if (queryProblems.length > 0) throw invalidParams(queryProblems.map((p) => p.message).join('; '));

    const body: unknown = req.body;
    if (!declared.takesBody && body && typeof body === 'object' && !Array.isArray(body)) {
      const fields = Object.keys(body);
      if (fields.length > 0) throw validationFailed(fields.map(unknownField));
    }
    const bodyProblems = body && typeof body === 'object' ? inputProblems(body, 'body') : [];
    if (bodyProblems.length > 0) throw validationFailed(bodyProblems);
    return true;
  }

  /** What the handler declares, read from its metadata once. */
  private declaredInput(context: ExecutionContext): DeclaredInput {
    const handler = context.getHandler();
    let declared = this.declared.get(handler);
    if (!declared) {
      const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<string, RouteArg>);
      const of = (type: RouteParamtypes) => args.filter(([key]) => key.split(':')[0] === String(type)).map(([, arg]) => arg);
      const queries = of(RouteParamtypes.QUERY);
      declared = {
        allowedQuery: queries.some((arg) => arg.data === undefined) ? null : new Set(queries.map((arg) => String(arg.data))),
        takesBody: of(RouteParamtypes.BODY).length > 0,
      };
      this.declared.set(handler, declared);
    }
    return declared;
  }
}
