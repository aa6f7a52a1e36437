import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The job that claimed a run (by its first run's id, as in `jobIds.check`): a job carries several
 * scheduled checks, and only the job that claimed a run may take it over after a failed attempt.
 */
export class RunJob1765100000000 implements MigrationInterface {
  name = 'RunJob1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE runs ADD COLUMN job_id bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE runs DROP COLUMN job_id`);
  }
}
