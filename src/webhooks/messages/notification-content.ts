import type { Severity } from '../../common/severity';
import type { DigestBody, DigestItem } from '../../digest/digest.types';
import { opportunitiesToShow } from '../../digest/opportunities-to-show';
import type { AppLinks } from './app-links';

export type NotificationEvent = 'change.detected' | 'digest.ready' | 'test.ping';

/** One change as every channel shows it. */
export interface ChangeLine {
  changeId: number;
  severity: Severity;
  competitor: string;
  monitorType: string;
  summary: string;
  whyItMatters: string;
  link: string;
}

export interface AlertContent {
  kind: 'alert';
  workspace: string;
  change: ChangeLine;
  sourceUrl: string;
  createdAt: string;
}

export interface DigestContent {
  kind: 'digest';
  workspace: string;
  period: string;
  windowStart: string;
  windowEnd: string;
  link: string;
  needsReview: { count: number; maxSeverity: Severity | null; items: ChangeLine[] };
  whosMoving: { competitor: string; count: number; maxSeverity: Severity }[];
  /** Medium or above, and not already under needs review. */
  topOpportunities: ChangeLine[];
  coverage: { total: number; healthy: number; failing: number };
}

export interface TestContent {
  kind: 'test';
  message: string;
  link: string;
}

/** What a message says, whatever the channel; formatters turn it into each platform's shape. */
export type NotificationContent = AlertContent | DigestContent | TestContent;

/** The change.detected data fields a message uses (the stored delivery payload). */
interface ChangePayload {
  id: number;
  workspace_name: string;
  competitor: string;
  monitor_type: string;
  severity: Severity;
  summary: string;
  why_it_matters: string;
  source_url: string;
  created_at: string;
}

interface DigestPayload {
  workspace_id: number;
  workspace_name: string;
  digest: DigestBody;
}

function line(item: DigestItem, links: AppLinks): ChangeLine {
  return {
    changeId: item.change_id,
    severity: item.severity,
    competitor: item.competitor,
    monitorType: item.monitor_type,
    summary: item.summary,
    whyItMatters: item.why_it_matters,
    link: links.change(item.change_id),
  };
}

/** Reads a delivery's stored payload (the webhook `data` of its event) as message content. */
export function contentOf(event: NotificationEvent, payload: unknown, workspaceId: number, links: AppLinks): NotificationContent {
  if (event === 'change.detected') {
    const c = payload as ChangePayload;
    return {
      kind: 'alert',
      workspace: c.workspace_name,
      change: {
        changeId: c.id,
        severity: c.severity,
        competitor: c.competitor,
        monitorType: c.monitor_type,
        summary: c.summary,
        whyItMatters: c.why_it_matters,
        link: links.change(c.id),
      },
      sourceUrl: c.source_url,
      createdAt: c.created_at,
    };
  }
  if (event === 'digest.ready') {
    const { workspace_name, digest } = payload as DigestPayload;
    return {
      kind: 'digest',
      workspace: workspace_name,
      period: digest.period,
      windowStart: digest.window_start,
      windowEnd: digest.window_end,
      link: links.digest(workspaceId, digest.period),
      needsReview: {
        count: digest.needs_review.count,
        maxSeverity: digest.needs_review.max_severity,
        items: digest.needs_review.items.map((i) => line(i, links)),
      },
      whosMoving: digest.whos_moving.map((w) => ({ competitor: w.competitor, count: w.count, maxSeverity: w.max_severity })),
      topOpportunities: opportunitiesToShow(digest.top_opportunities, digest.needs_review.items).map((o) => line(o, links)),
      coverage: {
        total: digest.coverage.monitors_total,
        healthy: digest.coverage.monitors_healthy,
        failing: digest.coverage.monitors_failing,
      },
    };
  }
  return { kind: 'test', message: (payload as { message: string }).message, link: links.notificationSettings(workspaceId) };
}

export const SEVERITY_LABEL: Record<Severity, string> = {
  info: 'Info',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Severity colours shared by the channels that colour a message (hex without #). */
export const SEVERITY_COLOUR: Record<Severity, string> = {
  info: '6b7280',
  low: '2563eb',
  medium: 'ca8a04',
  high: 'ea580c',
  critical: 'dc2626',
};

const asIs = (text: string) => text;

/** `esc` is the channel's escaping of the parts the service did not write (chat formatters). */
export function alertTitle(c: AlertContent, esc = asIs): string {
  return `[${SEVERITY_LABEL[c.change.severity]}] ${namedSummary(c.change, esc)}`;
}

/** Summaries name the competitor first ("Flowdesk cut …"): said once, not "Flowdesk: Flowdesk cut …". */
export function namedSummary(line: Pick<ChangeLine, 'competitor' | 'summary'>, esc = asIs): string {
  const named = line.summary.toLowerCase().startsWith(line.competitor.toLowerCase());
  return named ? esc(line.summary) : `${esc(line.competitor)}: ${esc(line.summary)}`;
}

/** A time as people read it in a message: "22 Nov 2026, 09:00 UTC". */
export function humanTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}

export function digestTitle(c: DigestContent, esc = asIs): string {
  const days = c.period === '7d' ? 'Weekly' : 'Daily';
  return `${days} digest for ${esc(c.workspace)}: ${c.needsReview.count} change${c.needsReview.count === 1 ? '' : 's'} to review`;
}

/** Items a digest message lists: what needs review first, then opportunities not already listed. */
export function digestTopItems(c: DigestContent, max: number): ChangeLine[] {
  const seen = new Set<number>();
  const out: ChangeLine[] = [];
  for (const item of [...c.needsReview.items, ...c.topOpportunities]) {
    if (out.length >= max) break;
    if (seen.has(item.changeId)) continue;
    seen.add(item.changeId);
    out.push(item);
  }
  return out;
}
