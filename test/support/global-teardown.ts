import { withAdmin } from './services';

/** Each file drops its own database; the run's template goes last. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.RW_TEST_TEMPLATE;
  if (process.env.RW_TEST_MODE !== 'server' || !template) return;
  await withAdmin(process.env.RW_TEST_PG_URL!, (admin) => admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
}
