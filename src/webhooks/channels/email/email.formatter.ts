import {
  alertTitle,
  digestTitle,
  humanTime,
  namedSummary,
  SEVERITY_COLOUR,
  SEVERITY_LABEL,
  type AlertContent,
  type ChangeLine,
  type DigestContent,
  type NotificationContent,
} from '../../messages/notification-content';
import { truncateAtWord } from '../../messages/truncate';

export interface EmailMessage {
  subject: string;
  html: string;
  text: string;
}

/** Mail clients cut long subjects; a subject line stays readable at this length. */
export const SUBJECT_MAX = 140;
const DIGEST_SECTION_ITEMS = 10;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function badge(severity: ChangeLine['severity']): string {
  return (
    `<span style="display:inline-block;padding:2px 8px;border-radius:10px;font-size:12px;font-weight:600;` +
    `color:#ffffff;background:#${SEVERITY_COLOUR[severity]}">${SEVERITY_LABEL[severity]}</span>`
  );
}

function buttonHtml(label: string, url: string): string {
  return (
    `<a href="${esc(url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#111827;` +
    `color:#ffffff;text-decoration:none;font-weight:600">${esc(label)}</a>`
  );
}

/** The shared frame: a centred 600px card (tables, inline styles: what mail clients render). */
function frame(title: string, inner: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-weight:700;font-size:16px">Rivalwatch</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.5">${inner}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

function footers(workspace: string, unsubscribeUrl: string): { html: string; text: string } {
  const why = `You receive this because your address is a recipient of the notifications of the workspace “${workspace}”.`;
  return {
    html: `${esc(why)}<br><a href="${esc(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from these emails.`,
    text: `${why}\nUnsubscribe: ${unsubscribeUrl}`,
  };
}

function alertEmail(c: AlertContent, unsubscribeUrl: string): EmailMessage {
  const ch = c.change;
  const foot = footers(c.workspace, unsubscribeUrl);
  const html = frame(
    alertTitle(c),
    `<p style="margin:0 0 12px">${badge(ch.severity)} <strong>${esc(ch.competitor)}</strong> · ${esc(ch.monitorType)} page</p>
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">${esc(ch.summary)}</h1>
<p style="margin:0 0 8px;font-weight:600">Why it matters</p>
<p style="margin:0 0 20px">${esc(ch.whyItMatters)}</p>
<p style="margin:0 0 20px">${buttonHtml('Open in Rivalwatch', ch.link)}</p>
<p style="margin:0;font-size:13px;color:#6b7280">Source: <a href="${esc(c.sourceUrl)}" style="color:#6b7280">${esc(c.sourceUrl)}</a> · workspace ${esc(c.workspace)}</p>`,
    foot.html,
  );
  const text = [
    `${SEVERITY_LABEL[ch.severity]} · ${ch.competitor} (${ch.monitorType} page)`,
    '',
    ch.summary,
    '',
    `Why it matters: ${ch.whyItMatters}`,
    '',
    `Open in Rivalwatch: ${ch.link}`,
    `Source: ${c.sourceUrl}`,
    '',
    '-- ',
    foot.text,
  ].join('\n');
  return { subject: truncateAtWord(alertTitle(c), SUBJECT_MAX), html, text };
}

function itemRowHtml(item: ChangeLine, extra = ''): string {
  return `<tr><td style="padding:12px 0;border-top:1px solid #f3f4f6">
<div style="margin-bottom:4px">${badge(item.severity)} <strong>${esc(item.competitor)}</strong>${extra}</div>
<div><a href="${esc(item.link)}" style="color:#111827">${esc(item.summary)}</a></div>
<div style="font-size:13px;color:#4b5563">${esc(item.whyItMatters)}</div></td></tr>`;
}

const sectionHtml = (title: string, rows: string) =>
  `<h2 style="margin:24px 0 4px;font-size:16px">${esc(title)}</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>`;

const itemText = (item: ChangeLine) => `- [${SEVERITY_LABEL[item.severity]}] ${namedSummary(item)}\n  ${item.link}`;

function digestEmail(c: DigestContent, unsubscribeUrl: string): EmailMessage {
  const foot = footers(c.workspace, unsubscribeUrl);
  const review = c.needsReview.items.slice(0, DIGEST_SECTION_ITEMS);
  const opportunities = c.topOpportunities.slice(0, DIGEST_SECTION_ITEMS);
  const window = `${humanTime(c.windowStart)} – ${humanTime(c.windowEnd)}`;
  const moreReview = c.needsReview.count - review.length;
  const html = frame(
    digestTitle(c),
    `<h1 style="margin:0 0 4px;font-size:20px">${esc(digestTitle(c))}</h1>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${esc(window)}</p>
${sectionHtml(
  `Needs review (${c.needsReview.count})`,
  review.length ? review.map((i) => itemRowHtml(i)).join('') : '<tr><td style="padding:8px 0;color:#6b7280">Nothing waits for review.</td></tr>',
)}${moreReview > 0 ? `<p style="margin:4px 0 0;font-size:13px;color:#6b7280">and ${moreReview} more in the application.</p>` : ''}
${sectionHtml(
  'Who’s moving',
  c.whosMoving.length
    ? c.whosMoving
        .slice(0, DIGEST_SECTION_ITEMS)
        .map((w) => `<tr><td style="padding:6px 0;border-top:1px solid #f3f4f6">${badge(w.maxSeverity)} <strong>${esc(w.competitor)}</strong> · ${w.count} change${w.count === 1 ? '' : 's'}</td></tr>`)
        .join('')
    : '<tr><td style="padding:8px 0;color:#6b7280">No competitor changed in this window.</td></tr>',
)}
${opportunities.length ? sectionHtml('Top opportunities', opportunities.map((o) => itemRowHtml(o)).join('')) : ''}
${sectionHtml(
  'Coverage',
  `<tr><td style="padding:6px 0">${c.coverage.healthy} of ${c.coverage.total} monitors healthy${c.coverage.failing ? `, <strong style="color:#dc2626">${c.coverage.failing} failing</strong>` : ''}</td></tr>`,
)}
<p style="margin:24px 0 0">${buttonHtml('Open the digest', c.link)}</p>`,
    foot.html,
  );
  const text = [
    digestTitle(c),
    window,
    '',
    `NEEDS REVIEW (${c.needsReview.count})`,
    ...(review.length ? review.map(itemText) : ['Nothing waits for review.']),
    ...(moreReview > 0 ? [`and ${moreReview} more in the application.`] : []),
    '',
    'WHO’S MOVING',
    ...(c.whosMoving.length ? c.whosMoving.slice(0, DIGEST_SECTION_ITEMS).map((w) => `- ${w.competitor}: ${w.count} (highest ${SEVERITY_LABEL[w.maxSeverity]})`) : ['No competitor changed in this window.']),
    ...(opportunities.length ? ['', 'TOP OPPORTUNITIES', ...opportunities.map(itemText)] : []),
    '',
    'COVERAGE',
    `${c.coverage.healthy} of ${c.coverage.total} monitors healthy${c.coverage.failing ? `, ${c.coverage.failing} failing` : ''}`,
    '',
    `Open the digest: ${c.link}`,
    '',
    '-- ',
    foot.text,
  ].join('\n');
  return { subject: truncateAtWord(digestTitle(c), SUBJECT_MAX), html, text };
}

/** Page text at most this long per field, so that a message stays under Gmail's 102 KB clipping. */
const FIELD_MAX = { name: 200, summary: 1000, why: 2000 } as const;

const clipLine = <L extends ChangeLine>(l: L): L => ({
  ...l,
  competitor: truncateAtWord(l.competitor, FIELD_MAX.name),
  summary: truncateAtWord(l.summary, FIELD_MAX.summary),
  whyItMatters: truncateAtWord(l.whyItMatters, FIELD_MAX.why),
});

/** The content with every page-derived text clipped to FIELD_MAX. */
function clipped(c: NotificationContent): NotificationContent {
  if (c.kind === 'alert') return { ...c, workspace: truncateAtWord(c.workspace, FIELD_MAX.name), change: clipLine(c.change) };
  if (c.kind === 'digest') {
    return {
      ...c,
      workspace: truncateAtWord(c.workspace, FIELD_MAX.name),
      needsReview: { ...c.needsReview, items: c.needsReview.items.map(clipLine) },
      whosMoving: c.whosMoving.map((w) => ({ ...w, competitor: truncateAtWord(w.competitor, FIELD_MAX.name) })),
      topOpportunities: c.topOpportunities.map(clipLine),
    };
  }
  return { ...c, message: truncateAtWord(c.message, FIELD_MAX.why) };
}

/** An email (subject, HTML and plain-text parts) for one recipient; `unsubscribeUrl` is theirs. */
export function emailMessage(content: NotificationContent, unsubscribeUrl: string): EmailMessage {
  const c = clipped(content);
  if (c.kind === 'alert') return alertEmail(c, unsubscribeUrl);
  if (c.kind === 'digest') return digestEmail(c, unsubscribeUrl);
  const subject = 'Rivalwatch test email';
  return {
    subject,
    html: frame(
      subject,
      `<h1 style="margin:0 0 12px;font-size:20px">${esc(subject)}</h1><p style="margin:0 0 20px">${esc(c.message)}</p><p style="margin:0">${buttonHtml('Notification settings', c.link)}</p>`,
      `<a href="${esc(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from these emails.`,
    ),
    text: `${c.message}\n\nNotification settings: ${c.link}\n\n-- \nUnsubscribe: ${unsubscribeUrl}`,
  };
}
