import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Plan } from './plan';

@Injectable()
export class PlansRepository {
  private cache: Map<string, Plan> | null = null;

  constructor(private readonly db: DataSource) {}

  /** Plans change only by migration, so one read per process is enough. */
  async byId(id: string): Promise<Plan | null> {
    if (!this.cache) {
      const rows: Plan[] = await this.db.query(`SELECT * FROM plans`);
      this.cache = new Map(rows.map((row) => [row.id, row]));
    }
    return this.cache.get(id) ?? null;
  }
}
