import type { DataSource } from 'typeorm';
import type { Session } from './test-app';
import { waitFor } from './wait';

export const FINISHED_RUN = ['succeeded', 'failed', 'no_change', 'changed'];

export async function waitForDiscovery(s: Session, competitorId: number, timeoutMs = 30_000): Promise<string> {
  return waitFor(
    async () => {
      const res = await s.get(`/competitors/${competitorId}/discovery_status`);
      const status = res.body.discovery_status;
      return status === 'completed' || status === 'failed' ? status : null;
    },
    `discovery of competitor ${competitorId}`,
    timeoutMs,
  );
}

export interface RunRow {
  id: number;
  status: string;
  error_code: string | null;
  error_message: string | null;
  kind: string;
}

export async function waitForRun(db: DataSource, runId: number, timeoutMs = 30_000): Promise<RunRow> {
  return waitFor(
    async () => {
      const [run] = await db.query(`SELECT id, status, error_code, error_message, kind FROM runs WHERE id = $1`, [runId]);
      return run && FINISHED_RUN.includes(run.status) ? (run as RunRow) : null;
    },
    `run ${runId}`,
    timeoutMs,
  );
}

/** Waits until every run of the workspace has finished. */
export async function waitForIdleRuns(db: DataSource, workspaceId: number, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await db.query(
        `SELECT count(*)::int AS n FROM runs r JOIN monitors m ON m.id = r.monitor_id
          WHERE m.workspace_id = $1 AND r.status IN ('pending', 'running')`,
        [workspaceId],
      );
      return row.n === 0;
    },
    `runs of workspace ${workspaceId}`,
    timeoutMs,
  );
}

/** Queues an on-demand check and waits for its run to finish. */
export async function checkNow(s: Session, db: DataSource, monitorId: number): Promise<RunRow> {
  const res = await s.post(`/monitors/${monitorId}/check`).expect(202);
  return waitForRun(db, res.body.run_id);
}
