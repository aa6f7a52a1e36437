import { Injectable, PipeTransform } from '@nestjs/common';
import { notFound } from './errors';

/** The largest id a Postgres `integer` (serial) column holds. */
export const MAX_ID = 2_147_483_647;

/** A path id that is not a positive 32-bit integer cannot name a record: 404, never 400 or 500. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9][0-9]{0,9}$/.test(value ?? '')) throw notFound('record');
    const id = Number(value);
    if (id > MAX_ID) throw notFound('record');
    return id;
  }
}
