import type { DataSource } from 'typeorm';

/** An account, workspace and competitor with one daily pricing monitor per URL, not yet due; returns their ids in URL order. */
export async function seedMonitors(db: DataSource, urls: string[]): Promise<number[]> {
  const [account] = await db.query(`INSERT INTO accounts (name, plan_id) VALUES ('bench', 'pro') RETURNING id`);
  const [ws] = await db.query(`INSERT INTO workspaces (account_id, name, slug) VALUES ($1, 'bench', 'bench') RETURNING id`, [account.id]);
  const [competitor] = await db.query(
    `INSERT INTO competitors (account_id, workspace_id, name, homepage_url, normalized_url, domain, slug, discovery_status)
     VALUES ($1, $2, 'Bench', 'http://127.0.0.2/', 'bench', '127.0.0.2', 'bench', 'completed') RETURNING id`,
    [account.id, ws.id],
  );
  const rows: { id: number }[] = await db.query(
    `INSERT INTO monitors (account_id, workspace_id, competitor_id, name, url, monitor_type, cadence, next_check_at)
     SELECT $1, $2, $3, 'm' || i, u, 'pricing', 'daily', now() + interval '1 day'
       FROM unnest($4::text[]) WITH ORDINALITY AS t(u, i) ORDER BY i RETURNING id`,
    [account.id, ws.id, competitor.id, urls],
  );
  return rows.map((r) => r.id);
}
