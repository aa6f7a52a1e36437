import { DataSource } from 'typeorm';

/** Each file drops its own database; the run's template goes last. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.RW_TEST_TEMPLATE;
  if (process.env.RW_TEST_MODE !== 'server' || !template) return;
  const admin = new DataSource({ type: 'postgres', url: process.env.RW_TEST_PG_URL! });
  await admin.initialize();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } finally {
    await admin.destroy();
  }
}
