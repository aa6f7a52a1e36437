import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/database/data-source-options';
import { ENTITIES } from './src/entities';

/** Data source for the TypeORM migration CLI: `npx typeorm -d dist/ormconfig.js migration:run`. */
export default new DataSource(
  dataSourceOptions({ url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }, ENTITIES),
);
