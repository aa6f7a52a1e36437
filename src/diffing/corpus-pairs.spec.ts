/**
 * End to end on real page pairs (test/fixtures/corpus, see each folder's SOURCE.md): page → extractPage →
 * diffCaptures. Markdown sources are rendered to HTML first, as a site would serve them.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ChangelogEntry, MonitorType } from '../capture/capture.types';
import { extractPage } from '../capture/extract/extract-page';
import { diffCaptures } from './diff-captures';
import type { DiffResult } from './diff.types';

const CORPUS = path.resolve(__dirname, '../../test/fixtures/corpus');

// marked's package entry is ESM, which jest (CommonJS here) cannot require; its UMD build loads.
const { marked } = require(path.join(path.dirname(require.resolve('marked')), 'marked.umd.js')) as {
  marked: { parse(markdown: string, options: { async: false }): string };
};

function pageHtml(pair: string, side: 'before' | 'after'): string {
  const dir = path.join(CORPUS, pair);
  const html = path.join(dir, `${side}.html`);
  if (existsSync(html)) return readFileSync(html, 'utf8');
  const markdown = readFileSync(path.join(dir, `${side}.md`), 'utf8');
  const body = marked.parse(markdown, { async: false });
  return `<!doctype html><html><head><title>${pair}</title></head><body><main>${body}</main></body></html>`;
}

function capture(html: string, type: MonitorType, url: string) {
  const page = extractPage(html, url, type);
  return { fields: page.fields, markdown: page.markdown };
}

function diffPair(pair: string, type: MonitorType, url: string): DiffResult {
  return diffCaptures(type, capture(pageHtml(pair, 'before'), type, url), capture(pageHtml(pair, 'after'), type, url));
}

const changedLines = (patch: string) => patch.split('\n').filter((line) => /^[+-](?![+-]{2} )/.test(line));

describe('corpus pairs end to end', () => {
  it('finds nothing between a real page and a re-render with other dashes and whitespace', () => {
    const url = 'https://joplinapp.org/plans/';
    const html = pageHtml('pricing-joplin-pair', 'after');
    const retypeset = (text: string) => text.replace(/-/g, '\u2013').replace(/ /g, ' \u00a0 ');
    const rerendered = html.replace(/>([^<]+)</g, (_m, text: string) => `>${retypeset(text)}<`).replace(/></g, '>\n    <');
    expect(rerendered).not.toBe(html);
    const result = diffCaptures('pricing', capture(html, 'pricing', url), capture(rerendered, 'pricing', url));
    expect(result.field_diffs).toEqual([]);
    expect(result.raw_diff).toBe('');
  });

  it('Joplin plans: yearly billing added on all three plans, monthly prices unchanged, no price cut', () => {
    const result = diffPair('pricing-joplin-pair', 'pricing', 'https://joplinapp.org/plans/');

    expect(result.field_diffs.map((d) => [d.change_type, d.path, d.tier])).toEqual([
      ['billing_period_added', 'plans[basic].prices[year]', 'alertable'],
      ['billing_period_added', 'plans[pro].prices[year]', 'alertable'],
      ['billing_period_added', 'plans[business].prices[year]', 'alertable'],
    ]);
    expect(result.field_diffs.map((d) => (d.new as { amount: number }).amount)).toEqual([17.88, 57.48, 479.88]);
    expect(result.field_diffs.some((d) => d.change_type === 'price_decreased')).toBe(false);
    expect(result).toMatchObject({ category: 'pricing', direction: 'advanced', delta: { added: 3, removed: 0, modified: 0 } });
  });

  it('Joplin changelog: one alertable new entry v2.4.9 with 4 items, the 2.4.8 relabel informational', () => {
    const result = diffPair('changelog-joplin-pair', 'changelog', 'https://joplinapp.org/changelog/');

    const alertable = result.field_diffs.filter((d) => d.tier === 'alertable');
    expect(alertable).toHaveLength(1);
    expect(alertable[0]).toMatchObject({ op: 'added', change_type: 'entry_added', old: null });
    const entry = alertable[0].new as ChangelogEntry;
    expect(entry.title).toContain('2.4.9');
    expect(entry.items).toEqual([
      'Improved: Allow importing certain corrupted ENEX files (f144dae)',
      'Improved: Improved accepting a folder share (8ada059)',
      'Improved: Make exported HTML more readable on mobile (b1d0c15)',
      'Fixed: Fix default sync target (4b39d30)',
    ]);

    const informational = result.field_diffs.filter((d) => d.tier === 'informational');
    expect(informational).toEqual([
      expect.objectContaining({ change_type: 'entry_updated', path: expect.stringMatching(/2\.4\.8.*\.title$/) }),
    ]);
    expect(informational[0].new).toContain('(Pre-release)');
    expect(result).toMatchObject({ category: 'feature', direction: 'advanced', delta: { added: 1, removed: 0, modified: 0 } });
    expect(result.raw_diff).toContain('2.4.9');
  });

  it('Healthchecks changelog: one new entry v4.3 with its improvements and bug fixes', () => {
    const url = 'https://github.com/healthchecks/healthchecks/blob/master/CHANGELOG.md';
    const result = diffPair('changelog-healthchecks-pair', 'changelog', url);

    expect(result.field_diffs).toHaveLength(1);
    expect(result.field_diffs[0]).toMatchObject({ op: 'added', change_type: 'entry_added', tier: 'alertable' });
    const entry = result.field_diffs[0].new as ChangelogEntry;
    expect(entry.version).toMatch(/4\.3$/);
    expect(entry.date).toBe('2026-07-14');
    expect(entry.items).toHaveLength(16);
    expect(entry.items).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Switch to Argon2 as the default hasher'),
        expect.stringContaining('Add rate-limiting by email in the /accounts/signup view'),
      ]),
    );
    expect(result).toMatchObject({ category: 'feature', direction: 'advanced', delta: { added: 1, removed: 0, modified: 0 } });
  });

  it('Fly.io GPUs: exactly one price cut, L40S $2.50/hr → $1.25/hr', () => {
    const result = diffPair('pricing-flyio-gpu-pair', 'pricing', 'https://fly.io/docs/about/pricing/');

    expect(result.field_diffs).toEqual([
      expect.objectContaining({
        op: 'updated',
        change_type: 'price_decreased',
        path: expect.stringMatching(/l40s.*\.amount$/i),
        tier: 'alertable',
        old: 2.5,
        new: 1.25,
      }),
    ]);
    expect(changedLines(result.raw_diff)).toEqual(['-- L40S: $2.50/hr per GPU', '+- L40S: $1.25/hr per GPU']);
    expect(result).toMatchObject({ category: 'pricing', direction: 'retreated', delta: { added: 0, removed: 0, modified: 1 } });
  });

  describe('Fly.io plans sunset', () => {
    const url = 'https://fly.io/docs/about/pricing/';

    it('reports the three new support packages and nothing on unchanged unit prices', () => {
      const result = diffPair('pricing-flyio-plans-pair', 'pricing', url);

      const added = result.field_diffs.filter((d) => d.change_type === 'price_added' || d.change_type === 'plan_added');
      const amounts = added.map((d) => {
        const value = d.new as { price?: { amount: number }; prices?: Array<{ amount: number }> };
        return value.price?.amount ?? value.prices?.[0]?.amount;
      });
      expect(amounts).toEqual([29, 199, 2500]);
      const repriced = result.field_diffs.filter((d) => /^price_(in|de)creased$|^price_changed$/.test(d.change_type));
      expect(repriced).toEqual([]);
      expect(result.category).toBe('pricing');
      expect(result.raw_diff).toContain('-## Plans');
    });

    // Known extraction gap: the before page names its plans only in prose ("upgrade to a Launch,
    // Scale, or Enterprise plan") and extractPage reads no plans from it, so there is nothing for
    // the differ to report as removed. Flip to `it` once the extractor reads those plans.
    it.failing('reports the withdrawn plans as removed', () => {
      const result = diffPair('pricing-flyio-plans-pair', 'pricing', url);
      expect(result.field_diffs.some((d) => d.change_type === 'plan_removed')).toBe(true);
      expect(result.direction).toBe('retreated');
    });
  });
});
