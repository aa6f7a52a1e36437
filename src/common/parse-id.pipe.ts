import { Injectable, PipeTransform } from '@nestjs/common';
import { notFound } from './errors';

/** The largest id a Postgres `integer` (serial) column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * The largest id of a `bigint` table (runs, snapshots, changes, deliveries) handed out: what a
 * JSON number (and the driver's parsed int8) carries exactly.
 */
export const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;

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

/** The same for the ids of `bigint` tables (changes): positive and at most MAX_BIG_ID, else 404. */
@Injectable()
export class ParseBigIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9][0-9]{0,15}$/.test(value ?? '')) throw notFound('record');
    const id = Number(value);
    if (id > MAX_BIG_ID) throw notFound('record');
    return id;
  }
}
