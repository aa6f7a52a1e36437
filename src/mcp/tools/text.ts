/** The pieces the tools' short text renderings share. */

export const day = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : 'never');

export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Page-derived text on one line. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface ChangeLike {
  id: number;
  severity: string;
  competitor: string;
  monitor_type: string;
  summary: string;
  review_status: string;
  created_at: string;
}

/** "[high] Acme · pricing: Acme raised Pro to $59/mo (change 501, unreviewed, 2026-11-22)" */
export function changeLine(change: ChangeLike): string {
  return `[${change.severity}] ${oneLine(change.competitor)} · ${change.monitor_type}: ${oneLine(change.summary)} (change ${change.id}, ${change.review_status}, ${day(change.created_at)})`;
}

export const bullets = (lines: string[]): string => lines.map((line) => `- ${line}`).join('\n');
