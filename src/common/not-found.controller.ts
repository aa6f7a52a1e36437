import { All, Controller, Module } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError, ErrorCode } from './errors';

/**
 * Unknown routes under /v1 go through the same guards as known ones (a missing key is a 401,
 * and the answer carries the rate-limit headers) and then answer 404 `not_found`.
 * Its module is imported last, so every real route is matched first.
 */
@ApiExcludeController()
@Controller()
export class NotFoundController {
  @All('{*path}')
  notFound(): never {
    throw new DomainError(ErrorCode.NotFound, 'no such route');
  }
}

@Module({ controllers: [NotFoundController] })
export class NotFoundModule {}
