import type { ChangelogFields } from '../capture.types';
import { diffChangelog } from '../../diffing/changelog.differ';
import { fieldsOf } from './__fixtures__/pages';
import { extractPage } from './extract-page';

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

  it('reads a date heading over lines grouped as "Breaking changes:", "Command line interface" as one entry (Typst, corpus)', () => {
    const day = (date: string) =>
      `<h2>${date}</h2><ul><li><strong>Breaking changes:</strong><ul><li>Enumerations now require a space after their marker</li></ul></li>` +
      `<li>Command line interface<ul><li>Added --font-path argument</li></ul></li><li>Miscellaneous improvements<ul><li>Added round function</li></ul></li></ul>`;
    expect(entries(day('March 28, 2023') + day('March 21, 2023')).map((e) => [e.title, e.date, e.items.length])).toEqual([
      ['March 28, 2023', '2023-03-28', 6],
      ['March 21, 2023', '2023-03-21', 6],
    ]);
  });

  it('reads a title heading dated by a smaller heading right under it (ConfigCat, corpus)', () => {
    const post = (title: string, date: string, text: string) => `<h2>${title}</h2><h4>${date}</h4><p>${text}</p><p>Read the docs for more.</p>`;
    const body = post('Meet the Startup Program', 'Jun 17, 2026', 'Free plans for startups.') + post('Add notes when deleting a flag', 'Jun 4, 2026', 'Notes are kept in the audit log.') + post('Introducing: Review Changes', 'May 06, 2026', 'Review before you save.');
    expect(titles(body)).toEqual([
      ['Meet the Startup Program', '2026-06-17'],
      ['Add notes when deleting a flag', '2026-06-04'],
      ['Introducing: Review Changes', '2026-05-06'],
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

  it('reads a day whose sub-headings each head only a list (topics: "### Dialog", "### Other updates") as one release', () => {
    const body =
      '<h2>July 20, 2026</h2><h3>Dialog</h3><ul><li>Fixed broken ARIA references in dialogs.</li></ul><h3>Other updates</h3><ul><li>Improved tree-shaking.</li><li>Widened a prop type.</li></ul>' +
      '<h2>July 6, 2026</h2><h3>Other updates</h3><ul><li>Fixed stale handlers on React 19.2.</li></ul>';
    expect(entries(body).map((e) => [e.title, e.date, e.items.length])).toEqual([
      ['July 20, 2026', '2026-07-20', 3],
      ['July 6, 2026', '2026-07-06', 1],
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

describe('changelogs served as Markdown sources (Terraform, react.dev shapes from the corpus)', () => {
  const markdownEntries = (source: string) => (extractPage(source, 'https://code.example/CHANGELOG.md', 'changelog', 'text/markdown').fields as ChangelogFields).entries;

  it('reads "## 1.14.9 (April 20, 2026)" releases, not the list of links to older changelogs under them', () => {
    const source = [
      '## 1.14.10 (Unreleased)',
      '## 1.14.9 (April 20, 2026)',
      'BUG FIXES:',
      '* Fix Terraform Stacks plugin installation error ([#38406](https://github.com/hashicorp/terraform/issues/38406))',
      '## 1.14.8 (March 25, 2026)',
      'BUG FIXES:',
      '* Prevent crash in the display of relevant attributes',
      '## Previous Releases',
      ...['1.13', '1.12', '1.11', '1.10', '1.9', '1.8'].map((v) => `- [v${v}](https://github.com/hashicorp/terraform/blob/v${v}/CHANGELOG.md)`),
    ].join('\n\n');
    expect(markdownEntries(source).map((e) => [e.version, e.date, e.items])).toEqual([
      ['1.14.10', null, []],
      ['1.14.9', '2026-04-20', ['Fix Terraform Stacks plugin installation error (#38406)']],
      ['1.14.8', '2026-03-25', ['Prevent crash in the display of relevant attributes']],
    ]);
  });

  it('reads a heading naming a major version over the list of its releases as one entry, its id mark not shown', () => {
    const source = [
      '## Changelog {/*changelog*/}',
      '### React 19 {/*react-19*/}',
      '**Releases**',
      '- [v19.2.7 (June, 2026)](https://github.com/facebook/react/blob/main/CHANGELOG.md#1927)\n- [v19.2.6 (May, 2026)](https://github.com/facebook/react/blob/main/CHANGELOG.md#1926)\n- [v19.2.5 (March, 2026)](https://github.com/facebook/react/blob/main/CHANGELOG.md#1925)',
      '### React 18 {/*react-18*/}',
      '- [v18.3.1 (April, 2024)](https://github.com/facebook/react/blob/main/CHANGELOG.md#1831)\n- [v18.3.0 (April, 2024)](https://github.com/facebook/react/blob/main/CHANGELOG.md#1830)',
      '### Initial Commit {/*initial-commit*/}',
    ].join('\n\n');
    expect(markdownEntries(source).map((e) => [e.title, e.version, e.items.length])).toEqual([
      ['React 19', '19', 3],
      ['React 18', '18', 2],
    ]);
  });

  it('does not read a heading ending in a number as a version when nothing under it is a release of it', () => {
    const source = '## Top 10\n\n- Fast start\n- Small bundle\n\n## Release 2.1.0 (May 2, 2024)\n\n- Added SSO\n\n## Release 2.0.0 (April 1, 2024)\n\n- First';
    expect(markdownEntries(source).map((e) => e.title)).toEqual(['Release 2.1.0', 'Release 2.0.0']);
  });
});

describe('a date heading over lines written as sentences (Deno Deploy changelog shape, corpus)', () => {
  it('is one entry titled by the date as written, its lines and their details the items', () => {
    const body = [
      '<h2>March 12th, 2026</h2><h3>Features</h3><ul>',
      '<li>Deno Deploy now supports scheduling cron jobs using the <code>Deno.cron()</code> API.<ul><li>Cron jobs are discovered when you deploy.</li></ul></li>',
      '<li>TanStack Start is now a natively supported framework on Deno Deploy.</li></ul>',
      '<h2>January 27th, 2026</h2><ul><li>You can now stream logs to an external OpenTelemetry collector.</li></ul>',
    ].join('');
    expect(entries(body).map((e) => [e.title, e.date, e.items])).toEqual([
      [
        'March 12th, 2026',
        '2026-03-12',
        ['Deno Deploy now supports scheduling cron jobs using the Deno.cron() API.', 'Cron jobs are discovered when you deploy.', 'TanStack Start is now a natively supported framework on Deno Deploy.'],
      ],
      ['January 27th, 2026', '2026-01-27', ['You can now stream logs to an external OpenTelemetry collector.']],
    ]);
  });

  it('keeps an entry per line when every line is a title: short, or led by bold or code (in a loose list too)', () => {
    const body = '<h2>2023-10-09</h2><ul><li><p><code>POST</code> /orders/{id}/returns Partial return not allowed.</p></li><li><p><code>GET</code> /orders/{id} Order lookup by number.</p></li></ul>';
    expect(titles(body)).toEqual([
      ['POST /orders/{id}/returns Partial return not allowed.', '2023-10-09'],
      ['GET /orders/{id} Order lookup by number.', '2023-10-09'],
    ]);
  });

  it('reads a date heading over bold-named features described at length as one release (Bitwarden release notes shape)', () => {
    const body = [
      '<h2>2021-12-07</h2><p>Bitwarden is proud to announce new enterprise features in the December release:</p><ul>',
      '<li><strong>Key Connector</strong>: When using Login with SSO with customer-managed encryption, the self-hosted Key Connector application serves cryptographic keys to clients.</li>',
      '<li><strong>Families for Enterprise</strong>: Starting with this release, members of Enterprise Organizations can redeem a free Families Organization for up to 5 friends.</li></ul>',
      '<h2>2021-10-26</h2><ul><li><strong>Passwordless login</strong>: Approve a login from a device you are already signed in on, without typing your master password at all.</li></ul>',
    ].join('');
    expect(entries(body).map((e) => [e.title, e.date, e.items.length])).toEqual([
      ['2021-12-07', '2021-12-07', 2],
      ['2021-10-26', '2021-10-26', 1],
    ]);
  });
});
