import { diffChangelog } from './changelog.differ';
import { entry } from './test-builders';

describe('diffChangelog', () => {
  it('reports a new entry as alertable and a relabelled old heading as informational', () => {
    const before = { entries: [entry('v2.4.8', ['Fixed: sync']), entry('v2.4.7', ['New: tags'])] };
    const fresh = entry('v2.4.9', ['Improved: import', 'Fixed: default sync target']);
    const relabelled = entry('v2.4.8', ['Fixed: sync'], { title: 'v2.4.8 (Pre-release)' });
    const diffs = diffChangelog(before, { entries: [fresh, relabelled, entry('v2.4.7', ['New: tags'])] });

    expect(diffs).toEqual([
      { op: 'added', change_type: 'entry_added', path: 'entries[v2.4.9]', tier: 'alertable', old: null, new: fresh },
      {
        op: 'modified',
        change_type: 'entry_updated',
        path: 'entries[v2.4.8].title',
        tier: 'informational',
        old: 'v2.4.8',
        new: 'v2.4.8 (Pre-release)',
      },
    ]);
  });

  it('alerts on an entry taken down from among entries that stayed, not on the oldest dropping off', () => {
    const before = { entries: [entry('v3', ['c']), entry('v2', ['b']), entry('v1', ['a'])] };
    const takenDown = diffChangelog(before, { entries: [entry('v3', ['c']), entry('v1', ['a'])] });
    const droppedOff = diffChangelog(before, { entries: [entry('v3', ['c']), entry('v2', ['b'])] });

    expect(takenDown.map((d) => [d.change_type, d.path, d.tier])).toEqual([['entry_removed', 'entries[v2]', 'alertable']]);
    expect(droppedOff.map((d) => [d.change_type, d.path, d.tier])).toEqual([['entry_removed', 'entries[v1]', 'informational']]);
  });

  it('matches an entry keyed by its heading through the version number', () => {
    const before = entry('v1.2.0', ['x'], { key: 'v1.2.0' });
    const after = entry('v1.2.0', ['x'], { key: 'v1.2.0 (Pre-release)', title: 'v1.2.0 (Pre-release)' });
    const diffs = diffChangelog({ entries: [before] }, { entries: [after] });
    expect(diffs.map((d) => [d.change_type, d.tier])).toEqual([['entry_updated', 'informational']]);
  });

  it('reports an entry retitled under the same key as an alertable entry_updated', () => {
    const before = entry('launched-sso', ['SAML with Okta'], { title: 'Launched SSO', version: null });
    const after = entry('launched-sso', ['SAML with Okta'], { title: 'SSO and SCIM for Business', version: null });
    expect(diffChangelog({ entries: [before] }, { entries: [after] })).toEqual([
      {
        op: 'modified',
        change_type: 'entry_updated',
        path: 'entries[launched-sso].title',
        tier: 'alertable',
        old: 'Launched SSO',
        new: 'SSO and SCIM for Business',
      },
    ]);
  });

  it('alerts on items added to or removed from any entry, old releases included', () => {
    const versions = ['Unreleased', 'v1.2', 'v1.1', 'v1.0'];
    const before = { entries: versions.map((v) => entry(v, ['Initial', 'Docs'])) };
    const after = { entries: versions.map((v) => entry(v, v === 'v1.2' ? ['Docs'] : ['Initial', 'Docs', 'Audit log export'])) };
    expect(diffChangelog(before, after).map((d) => [d.path, d.tier])).toEqual([
      ['entries[Unreleased].items[Audit log export]', 'alertable'],
      ['entries[v1.2].items[Initial]', 'alertable'],
      ['entries[v1.1].items[Audit log export]', 'alertable'],
      ['entries[v1.0].items[Audit log export]', 'alertable'],
    ]);
  });

  it('keeps an entry emptied informational when every older entry is a bare heading (the page collapsed it)', () => {
    const before = { entries: [entry('v3', ['c']), entry('v2', ['b']), entry('v1', [])] };
    const collapsed = diffChangelog(before, { entries: [entry('v3', ['c']), entry('v2', []), entry('v1', [])] });
    const emptied = diffChangelog({ entries: [entry('v3', ['c']), entry('v2', ['b']), entry('v1', ['a'])] }, { entries: [entry('v3', ['c']), entry('v2', []), entry('v1', ['a'])] });

    expect(collapsed.map((d) => [d.path, d.tier])).toEqual([['entries[v2].items[b]', 'informational']]);
    expect(emptied.map((d) => [d.path, d.tier])).toEqual([['entries[v2].items[b]', 'alertable']]);
  });

  it('keeps a reworded line of a current entry informational', () => {
    const before = { entries: [entry('v1.2', ['A snapshot can now be compared multiple times. def test(): assert x == snapshot()'])] };
    const after = { entries: [entry('v1.2', ['A snapshot can now be compared multiple times. test : assert x == snapshot ()'])] };
    expect(diffChangelog(before, after).map((d) => d.tier)).toEqual(['informational', 'informational']);
  });

  it('alerts when a heading that was only a version is given a name, not when it gains a label', () => {
    const diffs = (from: string, to: string) =>
      diffChangelog({ entries: [{ ...entry(from, ['Initial']), key: 'k' }] }, { entries: [{ ...entry(to, ['Initial']), key: 'k' }] }).map((d) => d.tier);
    expect(diffs('0.1.0-beta', 'Offline mode for teams')).toEqual(['alertable']);
    expect(diffs('v2.0.9', 'v2.0.9 (Pre-release)')).toEqual(['informational']);
  });

  it('reports nothing when entries are only reordered', () => {
    const entries = [entry('v2', ['b']), entry('v1', ['a'])];
    expect(diffChangelog({ entries }, { entries: [...entries].reverse() })).toEqual([]);
  });
});
