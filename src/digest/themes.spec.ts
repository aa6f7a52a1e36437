import type { FieldDiff } from '../diffing/diff.types';
import { groupThemes, type ThemeCandidate } from './themes';

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 1);

function change(id: number, o: Partial<ThemeCandidate> & { text?: string; day?: number }): ThemeCandidate {
  const diff: FieldDiff = { op: 'added', change_type: 'page_added', path: `pages[p${id}]`, tier: 'alertable', old: null, new: o.text ?? 'Quickstart' };
  return {
    change_id: id,
    competitor_id: 1,
    competitor: 'Joplin',
    monitor_type: 'docs',
    severity: 'low',
    created_at: new Date(start + (o.day ?? 0) * DAY),
    field_diffs: [diff],
    keywords: [],
    ...o,
  };
}

describe('groupThemes', () => {
  it('groups one launch across surfaces into one theme with a one-line summary', () => {
    const themes = groupThemes([
      change(1, { monitor_type: 'changelog', text: 'Launched SSO', severity: 'medium' }),
      change(2, { monitor_type: 'blog', text: 'Introducing SAML single sign-on', day: 1 }),
      change(3, { monitor_type: 'docs', text: 'Single sign-on (SSO)', day: 2 }),
      change(4, { monitor_type: 'blog', text: 'Five ways to organise notebooks', day: 1 }),
    ]);
    expect(themes).toEqual([
      {
        competitor_id: 1,
        competitor: 'Joplin',
        summary: 'Joplin is moving upmarket: SSO on its changelog, blog and docs',
        topics: ['SSO'],
        surfaces: ['changelog', 'blog', 'docs'],
        change_ids: [1, 2, 3],
        severity: 'medium',
        first_seen: new Date(start).toISOString(),
        last_seen: new Date(start + 2 * DAY).toISOString(),
      },
    ]);
  });

  it('groups by shared keywords when no upmarket signal is shared', () => {
    const themes = groupThemes([
      change(1, { monitor_type: 'changelog', text: 'AI assistant', keywords: ['ai assistant'] }),
      change(2, { monitor_type: 'blog', text: 'Meet the assistant', keywords: ['ai assistant', 'notes'] }),
    ]);
    expect(themes.map((theme) => theme.summary)).toEqual(['Joplin is pushing “ai assistant” on its changelog and blog']);
  });

  it('makes no upmarket theme of a launch post and a changelog entry that mention Enterprise in passing', () => {
    const post = { title: 'Launching Automations', excerpt: 'Available on every plan, with higher limits on Business and Enterprise.' };
    const entry = { title: 'Shared notebooks are generally available', items: ['Available on all plans; Enterprise workspaces can restrict sharing'] };
    const themes = groupThemes([
      change(1, { monitor_type: 'blog', field_diffs: [{ op: 'added', change_type: 'post_added', path: 'posts[a]', tier: 'alertable', old: null, new: post }] }),
      change(2, { monitor_type: 'changelog', day: 1, field_diffs: [{ op: 'added', change_type: 'entry_added', path: 'entries[b]', tier: 'alertable', old: null, new: entry }] }),
    ]);
    expect(themes).toEqual([]);
  });

  it('reads an Enterprise plan from the name that leads with it', () => {
    const plan = { name: 'Enterprise', features: ['SAML SSO'] };
    const themes = groupThemes([
      change(1, { monitor_type: 'pricing', field_diffs: [{ op: 'added', change_type: 'plan_added', path: 'plans[enterprise]', tier: 'alertable', old: null, new: plan }] }),
      change(2, { monitor_type: 'homepage', text: 'Enterprise', day: 1 }),
    ]);
    expect(themes.map((theme) => theme.summary)).toEqual(['Joplin is moving upmarket: an Enterprise plan on its pricing page and homepage']);
  });

  it('keeps competitors, windows and single surfaces apart', () => {
    expect(groupThemes([change(1, { monitor_type: 'changelog', text: 'SSO' }), change(2, { monitor_type: 'blog', text: 'SSO', competitor_id: 2 })])).toEqual([]);
    expect(groupThemes([change(1, { monitor_type: 'changelog', text: 'SSO' }), change(2, { monitor_type: 'blog', text: 'SSO', day: 15 })])).toEqual([]);
    expect(groupThemes([change(1, { monitor_type: 'blog', text: 'SSO' }), change(2, { monitor_type: 'blog', text: 'SAML', day: 1 })])).toEqual([]);
  });
});
