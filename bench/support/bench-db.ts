import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';

export const BENCH_PG = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

export function urlFor(database: string): string {
  const u = new URL(BENCH_PG);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Drops and recreates a bench database, migrated; returns its URL and an open data source. */
export async function freshDatabase(name: string): Promise<{ url: string; db: DataSource }> {
  const admin = new DataSource({ type: 'postgres', url: BENCH_PG });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.destroy();
  const url = urlFor(name);
  const db = new DataSource(dataSourceOptions({ url, poolSize: 10 }, ENTITIES));
  await db.initialize();
  await db.runMigrations({ transaction: 'each' });
  return { url, db };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function fmt(n: number, digits = 1): string {
  return n.toFixed(digits);
}

/** Drops a bench database (a throwaway one, once its connections are closed). */
export async function dropDatabase(name: string): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: BENCH_PG });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.destroy();
}
