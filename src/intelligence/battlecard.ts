import type { CompetitorProfileDto } from './dto/competitor-profile.response';
import { planPriceLabel } from './price-label';

/**
 * A competitor profile as a one-page Markdown battlecard a salesperson can paste into a doc or a
 * chat: who they are, what they charge, what they changed lately, how often they ship and publish,
 * and which pages are watched. Text read from their pages is escaped, so it cannot add links,
 * headings or table cells.
 */
export function battlecardMarkdown(profile: CompetitorProfileDto): string {
  const lines = [`# ${text(profile.name)} — battlecard`, ''];
  lines.push(`- **Homepage:** <${profile.homepage_url}>`);
  lines.push(`- **Headline:** ${profile.headline ? text(profile.headline) : '_not captured yet_'}`);
  lines.push(`- **Price range:** ${rangeLine(profile)}`, '');

  lines.push('## Plans', '');
  if (profile.plans.length === 0) lines.push('_No pricing page captured yet._');
  else {
    lines.push('| Plan | Price | Features | Last changed |', '| --- | --- | --- | --- |');
    for (const plan of profile.plans) {
      lines.push(`| ${text(plan.name)} | ${text(planPriceLabel(plan))} | ${plan.features.map(text).join('; ') || '—'} | ${day(plan.changed_at) ?? '—'} |`);
    }
  }

  lines.push('', '## Recent changes', '');
  if (profile.recent_changes.length === 0) lines.push('_No changes recorded yet._');
  for (const change of profile.recent_changes) {
    lines.push(`- ${day(change.created_at)} · **${change.severity}** · ${change.monitor_type}: ${text(change.summary)}`);
  }

  lines.push('', '## Cadence', '');
  lines.push(`- Releases in the last 90 days: ${profile.releases_last_90_days}${since(profile.last_release_at, 'latest')}`);
  lines.push(`- Blog posts in the last 90 days: ${profile.posts_last_90_days}${since(profile.last_post_at, 'latest')}`);

  lines.push('', '## Watched pages', '');
  if (profile.surfaces.length === 0) lines.push('_No pages are monitored._');
  for (const surface of profile.surfaces) {
    const checked = surface.last_checked_at ? `last checked ${day(surface.last_checked_at)}` : 'not checked yet';
    lines.push(`- ${surface.monitor_type}: <${surface.url}> (${surface.status}, ${checked})`);
  }
  return `${lines.join('\n')}\n`;
}

function rangeLine(profile: CompetitorProfileDto): string {
  const range = profile.price_range;
  if (!range) return 'no priced plan';
  const amounts = range.min === range.max ? amount(range.min) : `${amount(range.min)}–${amount(range.max)}`;
  return `${amounts} ${text(range.currency)} per month (monthly equivalent of the priced plans)`;
}

const amount = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
const day = (value: string | null) => (value ? value.slice(0, 10) : null);
const since = (value: string | null, word: string) => (value ? ` (${word} ${day(value)})` : '');

/** Page text on one line with Markdown's active characters escaped. */
function text(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+!|~]/g, (c) => `\\${c}`);
}
