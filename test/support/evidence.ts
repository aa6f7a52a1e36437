import type { DataSource } from 'typeorm';
import type { Box } from '../../src/evidence/locate-region';
import type { Session } from './test-app';
import { waitFor } from './wait';

export interface Visual {
  status: 'pending' | 'ready' | 'unavailable';
  reason: string | null;
  before: { url: string; width: number; height: number } | null;
  after: { url: string; width: number; height: number } | null;
}

/** Waits until a change's visual evidence is no longer pending (DESIGN §5e: within a minute). */
export async function settledVisual(s: Session, changeId: number, timeoutMs = 60_000): Promise<Visual> {
  return waitFor(
    async () => {
      const visual: Visual = (await s.get(`/changes/${changeId}`).expect(200)).body.change.evidence.visual;
      return visual.status === 'pending' ? null : visual;
    },
    `visual evidence of change ${changeId}`,
    timeoutMs,
    200,
  );
}

/** Waits until every screenshot of the monitor has been taken (or given up). */
export async function settledScreenshots(db: DataSource, monitorId: number, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await db.query(`SELECT count(*)::int AS n FROM page_screenshots WHERE monitor_id = $1 AND status = 'pending'`, [monitorId]);
      return row.n === 0;
    },
    `screenshots of monitor ${monitorId}`,
    timeoutMs,
    200,
  );
}

/** The crop boxes stored with a change's evidence. */
export async function cropBoxes(db: DataSource, changeId: number): Promise<{ before: Box; after: Box }> {
  const [row] = await db.query(`SELECT before_box, after_box FROM change_visuals WHERE change_id = $1`, [changeId]);
  return { before: row.before_box, after: row.after_box };
}

export function contains(outer: Box, inner: Box): boolean {
  return (
    outer.x <= inner.x &&
    outer.y <= inner.y &&
    outer.x + outer.width >= inner.x + inner.width &&
    outer.y + outer.height >= inner.y + inner.height
  );
}
