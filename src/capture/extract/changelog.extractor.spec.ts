import { findVersion } from './changelog.extractor';
import { corpusPage, fieldsOf, fixtureFile } from './__fixtures__/pages';

describe('changelog extraction from the Joplin desktop changelog (corpus, 425 KB)', () => {
  const url = 'https://joplinapp.org/changelog/';
  const before = fieldsOf(corpusPage('changelog-joplin-pair/before.html'), url, 'changelog');
  const after = fieldsOf(corpusPage('changelog-joplin-pair/after.html'), url, 'changelog');

  it('reads v2.4.8 at the top before and the new v2.4.9 at the top after', () => {
    expect(before.entries[0]).toMatchObject({ key: '2.4.8', version: 'v2.4.8', date: '2021-09-22' });
    expect(after.entries[0]).toEqual({
      key: '2.4.9',
      title: 'v2.4.9',
      version: 'v2.4.9',
      date: '2021-09-29',
      items: [
        'Improved: Allow importing certain corrupted ENEX files (f144dae)',
        'Improved: Improved accepting a folder share (8ada059)',
        'Improved: Make exported HTML more readable on mobile (b1d0c15)',
        'Fixed: Fix default sync target (4b39d30)',
      ],
    });
  });

  it('adds exactly one entry; the "(Pre-release)" label does not change the v2.4.8 key', () => {
    expect(after.entries).toHaveLength(before.entries.length + 1);
    expect(after.entries.slice(1).map((e) => e.key)).toEqual(before.entries.map((e) => e.key));
    const relabelled = after.entries.find((e) => e.key === '2.4.8');
    expect(relabelled?.title).toBe('v2.4.8 (Pre-release)');
    expect(relabelled?.items).toEqual(before.entries[0].items);
  });
});

describe('changelog extraction from the Healthchecks Keep-a-Changelog file (corpus, Markdown source)', () => {
  const url = 'https://github.com/healthchecks/healthchecks/blob/master/CHANGELOG.md';
  const before = fieldsOf(corpusPage('changelog-healthchecks-pair/before.md'), url, 'changelog');
  const after = fieldsOf(corpusPage('changelog-healthchecks-pair/after.md'), url, 'changelog');

  it('reads v4.2 at the top before and v4.3 at the top after', () => {
    expect(before.entries[0]).toMatchObject({ key: '4.2', version: 'v4.2', date: '2026-04-28' });
    expect(after.entries[0]).toMatchObject({ key: '4.3', version: 'v4.3', title: 'v4.3', date: '2026-07-14' });
  });

  it('gathers the items under "### Improvements" and "### Bug Fixes" into the version entry', () => {
    const { items } = after.entries[0];
    expect(items).toHaveLength(16);
    expect(items).toContain('Add ability to edit existing Gotify integrations');
    expect(items).toContain('Switch to Argon2 as the default hasher for passwords and login tokens');
    expect(items).toContain('Add rate-limiting by email in the /accounts/signup view');
  });

  it('leaves older entries unchanged', () => {
    expect(after.entries.slice(1)).toEqual(before.entries);
  });
});

describe('changelog extraction from synthetic pages', () => {
  it('keys dated entries without a version by date and title, nested items flattened', () => {
    const { entries } = fieldsOf(fixtureFile('changelog-dated.html'), 'https://relay.example/changelog', 'changelog');
    expect(entries).toEqual([
      { key: 'unreleased', title: 'Unreleased', version: null, date: null, items: ['Webhook retries are now configurable'] },
      {
        key: '2024-06-12-dark-mode',
        title: 'Dark mode',
        version: null,
        date: '2024-06-12',
        items: ['Dark theme for the dashboard', 'High-contrast charts', 'Colour-blind safe palette'],
      },
      {
        key: '2024-05-28-audit-log-export',
        title: 'Audit log export',
        version: null,
        date: '2024-05-28',
        items: ['Export the audit log as CSV from the settings page.'],
      },
    ]);
  });

  it('reads calendar versions, "Version 4.3" and "v12", with dates from the heading or the line below', () => {
    const { entries } = fieldsOf(fixtureFile('changelog-releases.html'), 'https://relay.example/releases', 'changelog');
    expect(entries.map((e) => [e.key, e.version, e.date, e.items.length])).toEqual([
      ['2024.06.1', '2024.06.1', '2024-06-14', 3],
      ['4.3', '4.3', '2024-05-02', 1],
      ['12', 'v12', '2024-04-01', 1],
    ]);
  });

  it('reads a release date from the first items of the list under the heading, alone or under a label (Karabiner-Elements)', () => {
    const release = (version: string, date: string, labelled: boolean) =>
      `<h2>Karabiner-Elements ${version}</h2><ul><li><a href="/v${version}.dmg">📦 Download</a></li>` +
      (labelled ? `<li>📅 Release date<ul><li>${date}</li></ul></li>` : `<li>${date}</li>`) +
      `<li>✨ New Features<ul><li>Added filtering to the log viewer.</li></ul></li></ul>`;
    const html = `<html><body><main><h1>Release notes</h1>${release('16.1.0', 'Jul 5, 2026', true)}${release('16.0.0', 'May 3, 2026', false)}</main></body></html>`;
    const { entries } = fieldsOf(html, 'https://karabiner-elements.pqrs.org/docs/releasenotes/', 'changelog');
    expect(entries.map((e) => [e.version, e.date])).toEqual([
      ['16.1.0', '2026-07-05'],
      ['16.0.0', '2026-05-03'],
    ]);
  });
});

describe('findVersion', () => {
  it.each([
    ['v2.4.9 (Pre-release)', 'v2.4.9', '2.4.9'],
    ['Version 4.3', '4.3', '4.3'],
    ['Release 2024.06.1', '2024.06.1', '2024.06.1'],
    ['4.3-dev - Unreleased', '4.3-dev', '4.3-dev'],
    ['v12', 'v12', '12'],
  ])('reads %s', (text, version, key) => {
    expect(findVersion(text)).toEqual({ version, key });
  });

  it('does not read dates or plain numbers as versions', () => {
    expect(findVersion('17.12.2021')).toBeNull();
    expect(findVersion('Top 10 improvements')).toBeNull();
  });
});
