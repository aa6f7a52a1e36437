import type { ChangelogFields } from '../capture.types';
import { diffChangelog } from '../../diffing/changelog.differ';
import { fieldsOf } from './__fixtures__/pages';

const URL = 'https://relay.example/changelog';
const page = (body: string) => `<!DOCTYPE html><html><head><title>Changelog — Relay</title></head><body><main><h1>Changelog</h1>${body}</main></body></html>`;
const entries = (body: string) => fieldsOf(page(body), URL, 'changelog').entries;
const titles = (body: string) => entries(body).map((e) => [e.title, e.date]);

describe('changelog layouts without version numbers', () => {
  it('reads "date — title" headings', () => {
    expect(titles('<h2>June 4, 2024 — Launched SSO</h2><p>Sign in with Okta.</p><h2>May 20, 2024 — Dark mode</h2><p>Easy on the eyes.</p>')).toEqual([
      ['Launched SSO', '2024-06-04'],
      ['Dark mode', '2024-05-20'],
    ]);
  });

  it('reads a <time> written before each <h2>', () => {
    const body = [
      '<time datetime="2024-06-04">Jun 4</time><h2>Launched SSO</h2><p>Sign in with Okta and Azure AD.</p>',
      '<time datetime="2024-05-20">May 20</time><h2>Dark mode</h2><p>Easy on the eyes at night.</p>',
      '<time datetime="2024-05-02">May 2</time><h2>Audit log</h2><p>Every admin action, recorded.</p>',
    ].join('');
    expect(titles(body)).toEqual([
      ['Launched SSO', '2024-06-04'],
      ['Dark mode', '2024-05-20'],
      ['Audit log', '2024-05-02'],
    ]);
  });

  it('reads titles marked only by a tag', () => {
    const body = [
      '<div class="post"><span class="tag">New</span><h3>Slack alerts</h3><p>Send alerts to any channel.</p></div>',
      '<div class="post"><span class="tag">Improved</span><h3>Faster exports</h3><p>Exports are twice as fast.</p></div>',
    ].join('');
    expect(entries(body).map((e) => [e.key, e.title])).toEqual([
      ['slack-alerts', 'Slack alerts'],
      ['faster-exports', 'Faster exports'],
    ]);
  });

  it('makes each list item under a date heading an entry, and each titled sub-heading under a month heading', () => {
    expect(titles('<h2>June 4, 2024</h2><ul><li>Launched SSO</li><li>Dark mode</li></ul><h2>May 20, 2024</h2><ul><li>Audit log</li></ul>')).toEqual([
      ['Launched SSO', '2024-06-04'],
      ['Dark mode', '2024-06-04'],
      ['Audit log', '2024-05-20'],
    ]);
    expect(titles('<h2>June 2024</h2><h3>Launched SSO</h3><p>Okta.</p><h3>Dark mode</h3><p>Night.</p><h2>May 2024</h2><h3>Audit log</h3><p>Admins.</p>')).toEqual([
      ['Launched SSO', '2024-06'],
      ['Dark mode', '2024-06'],
      ['Audit log', '2024-05'],
    ]);
  });

  it('keeps a dated release whose notes a sentence introduces as one entry titled by its date (Bitwarden release notes)', () => {
    const release = (date: string, lead: string, items: string[]) => `<h2>${date}</h2><p>${lead}</p><ul>${items.map((i) => `<li><strong>${i}</strong>: details.</li>`).join('')}</ul>`;
    const body =
      release('2021-12-07', 'Bitwarden is proud to announce new enterprise features in the December release:', ['Key Connector', 'Families for Enterprise']) +
      release('2021-10-26', 'The Bitwarden team is pleased to release a set of features and updates:', ['Emergency Access', 'Send']);
    expect(titles(body)).toEqual([
      ['2021-12-07', '2021-12-07'],
      ['2021-10-26', '2021-10-26'],
    ]);
  });

  it('reads release cards without headings and "date — title" list items', () => {
    const cards = [
      '<div class="card"><strong>Launched SSO</strong><span class="date">June 4, 2024</span><p>Okta and Azure AD.</p></div>',
      '<div class="card"><strong>Dark mode</strong><span class="date">May 20, 2024</span><p>Night owls rejoice.</p></div>',
    ].join('');
    expect(titles(`<div class="cards">${cards}</div>`)).toEqual([
      ['Launched SSO', '2024-06-04'],
      ['Dark mode', '2024-05-20'],
    ]);
    expect(titles('<ul><li>2024-06-04 — Launched SSO</li><li>2024-05-20 — Dark mode</li><li>2024-05-02 — Audit log</li></ul>')).toEqual([
      ['Launched SSO', '2024-06-04'],
      ['Dark mode', '2024-05-20'],
      ['Audit log', '2024-05-02'],
    ]);
  });

  it('keys by anchor id when the heading has one', () => {
    expect(entries('<h2 id="sso-launch">Launched SSO</h2><p><time datetime="2024-06-04">June 4</time></p><h2 id="dark-mode">Dark mode</h2><p><time datetime="2024-05-20">May 20</time></p>').map((e) => e.key)).toEqual([
      'sso-launch',
      'dark-mode',
    ]);
  });
});

describe('changelog layouts with versions', () => {
  it('reads Keep a Changelog, "[Unreleased]" included, with grouped items', () => {
    const body =
      '<h2>[Unreleased]</h2><h3>Added</h3><ul><li>Webhooks</li></ul>' +
      '<h2>[1.2.0] - 2024-06-01</h2><h3>Added</h3><ul><li>SSO</li></ul><h3>Fixed</h3><ul><li>Export encoding</li></ul>' +
      '<h2>[1.1.0] - 2024-05-01</h2><h3>Changed</h3><ul><li>Faster search</li></ul>';
    expect(entries(body).map((e) => [e.key, e.version, e.date, e.items])).toEqual([
      ['unreleased', null, null, ['Webhooks']],
      ['1.2.0', '1.2.0', '2024-06-01', ['SSO', 'Export encoding']],
      ['1.1.0', '1.1.0', '2024-05-01', ['Faster search']],
    ]);
  });

  it('reads GitHub-releases-like sections whose title names no version', () => {
    const release = (tag: string, name: string, date: string) =>
      `<section class="release"><h2><a href="https://github.com/relay/relay/releases/tag/${tag}">${name}</a></h2><relative-time datetime="${date}T10:00:00Z">${date}</relative-time><ul><li>Item of ${name}</li></ul></section>`;
    expect(entries(release('v2.1.0', 'Spring release', '2024-04-02') + release('v2.0.0', 'Big rewrite', '2024-03-01')).map((e) => [e.key, e.version, e.title, e.date])).toEqual([
      ['2.1.0', 'v2.1.0', 'Spring release', '2024-04-02'],
      ['2.0.0', 'v2.0.0', 'Big rewrite', '2024-03-01'],
    ]);
  });
});

describe('changelog diffs of layouts without versions', () => {
  const one = '<time datetime="2024-05-20">May 20</time><h2>Dark mode</h2><p>Easy on the eyes.</p>';
  const two = '<time datetime="2024-05-02">May 2</time><h2>Audit log</h2><p>Every admin action.</p>';
  const added = '<time datetime="2024-06-04">Jun 4</time><h2>Launched SSO</h2><p>Sign in with Okta.</p>';
  const fields = (body: string) => fieldsOf(page(body), URL, 'changelog') as ChangelogFields;

  it('reports a new entry as entry_added and a reorder as nothing', () => {
    const diffs = diffChangelog(fields(one + two), fields(added + one + two));
    expect(diffs.map((d) => [d.change_type, d.tier, d.path])).toEqual([['entry_added', 'alertable', 'entries[2024-06-04-launched-sso]']]);
    expect(diffChangelog(fields(one + two), fields(two + one))).toEqual([]);
  });
});
