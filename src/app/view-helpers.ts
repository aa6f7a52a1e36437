import type hbsModule from 'hbs';
import { plural } from '../interpretation/rules/text';

type Hbs = typeof hbsModule;

const SEVERITY_LABEL: Record<string, string> = { info: 'Info', low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

/** Review states in the words of the buttons that set them ("Mark reviewed" → Reviewed). */
export const REVIEW_LABEL: Record<string, string> = { unreviewed: 'Needs review', acknowledged: 'Reviewed', dismissed: 'Dismissed' };

/** Up to two initials of a name, for a competitor without a logo: "Flow Desk" → "FD", "acme" → "A". */
export function initials(name: unknown): string {
  const words = String(name ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 2).map((word) => word[0].toUpperCase()).join('') || '?';
}

function ago(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((Date.now() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

function day(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** An inline SVG sparkline of counts per day (no script, no external file). */
function sparkline(values: unknown): string {
  const points = Array.isArray(values) ? values.map(Number) : [];
  if (!points.length) return '';
  const width = 120;
  const height = 28;
  const max = Math.max(...points, 1);
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const coords = points.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`);
  const line = points.length > 1 ? coords.join(' ') : `0,${coords[0].split(',')[1]} ${width},${coords[0].split(',')[1]}`;
  const total = points.reduce((a, b) => a + b, 0);
  return (
    `<svg class="sparkline" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" ` +
    `aria-label="${plural(total, 'change')} over ${plural(points.length, 'day')}"><polyline fill="none" stroke="currentColor" stroke-width="2" points="${line}"/></svg>`
  );
}

export function registerViewHelpers(hbs: Hbs): void {
  hbs.registerHelper('eq', (a: unknown, b: unknown) => String(a) === String(b));
  hbs.registerHelper('ago', (value: unknown) => ago(value));
  hbs.registerHelper('date', (value: unknown) => day(value));
  hbs.registerHelper('iso', (value: unknown) => (value ? new Date(String(value)).toISOString() : ''));
  hbs.registerHelper('severityLabel', (value: unknown) => SEVERITY_LABEL[String(value)] ?? String(value));
  hbs.registerHelper('reviewLabel', (value: unknown) => REVIEW_LABEL[String(value)] ?? String(value));
  hbs.registerHelper('initials', (value: unknown) => initials(value));
  hbs.registerHelper('plural', (count: unknown, one: unknown) => plural(Number(count), String(one)));
  hbs.registerHelper('humanize', (value: unknown) => String(value ?? '').replace(/_/g, ' '));
  hbs.registerHelper('sparkline', (values: unknown) => new hbs.SafeString(sparkline(values)));
}
