import { MigrationInterface, QueryRunner } from 'typeorm';

/** Competitor logos fetched by the service at discovery and served by the application (DESIGN §5g). */
export class CompetitorLogos1764700000000 implements MigrationInterface {
  name = 'CompetitorLogos1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE competitor_logos (
        competitor_id integer PRIMARY KEY REFERENCES competitors(id) ON DELETE CASCADE,
        content_type text NOT NULL,
        body bytea NOT NULL,
        fetched_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS competitor_logos`);
  }
}
