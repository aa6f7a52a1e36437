import type { DataSource } from 'typeorm';

/**
 * The statements TypeORM would run to make the database match the entities: none when the
 * entities and the migrations agree. The data source must be initialized on a migrated database.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => (q.parameters?.length ? `${q.query} -- ${JSON.stringify(q.parameters)}` : q.query));
}
