import { diffCaptures } from '../../diffing/diff-captures';
import type { BlogFields, ChangelogFields } from '../capture.types';
import { corpusPage, fieldsOf } from './__fixtures__/pages';
import { extractPage } from './extract-page';

/**
 * Regressions for the two failure classes of issue 11, on real pages of the corpus
 * (test/fixtures/corpus, each folder's SOURCE.md names its origin).
 */
const capture = (html: string, url: string) => {
  const page = extractPage(html, url, 'changelog');
  return { fields: page.fields, markdown: page.markdown };
};

describe('changelogs without version numbers (real pages)', () => {
  it('Design School: a new day of tagged changes is one alertable entry_added, dated', () => {
    const url = 'https://designschool.io/changelog/';
    const diff = diffCaptures('changelog', capture(corpusPage('changelog-designschool-pair/before.html'), url), capture(corpusPage('changelog-designschool-pair/after.html'), url));
    const alertable = diff.field_diffs.filter((d) => d.tier === 'alertable');
    expect(alertable.map((d) => [d.change_type, d.path])).toEqual([['entry_added', 'entries[2023-04-18]']]);
    expect(alertable[0].new).toMatchObject({ title: 'Apr 18, 2023', date: '2023-04-18', items: ['Leadership: Give credit to your team'] });
    expect(diff.category).toBe('feature');
  });

  it('ePages API changelog: each endpoint line under a new date heading is an entry of that date', () => {
    const url = 'https://github.com/ePages-de/beyond-api-changelog/blob/master/beyond-api-changelog.md';
    const diff = diffCaptures('changelog', capture(corpusPage('changelog-epages-api-pair/before.md'), url), capture(corpusPage('changelog-epages-api-pair/after.md'), url));
    const added = diff.field_diffs.filter((d) => d.tier === 'alertable');
    expect(added).toHaveLength(2);
    expect(added.every((d) => d.change_type === 'entry_added' && (d.new as { date: string }).date === '2023-10-09')).toBe(true);
  });

  it('HugoKit and Checkly "what\'s new" cards: every announcement is an entry with its date, keyed by date and title', () => {
    const hugokit = fieldsOf(corpusPage('changelog-hugokit-whats-new/page.html'), 'https://hugokit.app/whats-new/', 'changelog') as ChangelogFields;
    expect(hugokit.entries.slice(0, 2).map((e) => [e.key, e.date])).toEqual([
      ['2026-04-15-getting-started-with-hugokit', '2026-04-15'],
      ['2026-04-14-the-thinking-behind-hugokit', '2026-04-14'],
    ]);
    const checkly = fieldsOf(corpusPage('changelog-checkly-whats-new/page.html'), 'https://checklyhq.com/whats-new/', 'changelog') as ChangelogFields;
    expect(checkly.entries.map((e) => e.title)).toEqual([
      'Introducing double checks',
      'Introducing screenshots for browser checks',
      'Browser checks now use Puppeteer v1.2.0',
      'Private beta feature updates',
    ]);
  });

  it('reports no change when a real changelog is only re-rendered (PlayCover animation commit)', () => {
    const url = 'https://playcover.io/changelog/';
    const diff = diffCaptures('changelog', capture(corpusPage('changelog-playcover-noise-pair/before.html'), url), capture(corpusPage('changelog-playcover-noise-pair/after.html'), url));
    expect(diff.alertable).toBe(false);
  });
});

describe('blog indexes with junk page metadata (real pages)', () => {
  /** The defects seen on a real blog index, written into real index pages: the page claims to be one article. */
  const withJunkMetadata = (html: string, pageTitle: string) =>
    html.replace(
      /<\/head>/i,
      `<meta property="og:type" content="article"><link rel="canonical" href="NaN"><meta name="author" content="[object Object]">
       <meta property="article:published_time" content="2020-09-01">
       <script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"${pageTitle}","author":"undefined","url":"NaN"}</script></head>`,
    );

  it.each([
    ['blog-budibase-pair/after.html', 'https://www.budibase.com/blog/', 'Archive – Budibase', 13],
    ['blog-genezio-pair/after.html', 'https://genez.io/blog/', 'Archive – genezio', 10],
  ])('%s: reads every listed post, none built from the page metadata', (file, url, title, count) => {
    const html = corpusPage(file);
    const clean = fieldsOf(html, url, 'blog') as BlogFields;
    const junk = fieldsOf(withJunkMetadata(html, title), url, 'blog') as BlogFields;
    expect(clean.posts).toHaveLength(count);
    expect(junk.posts).toEqual(clean.posts);
    expect(junk.posts.map((p) => p.key)).not.toContain('/NaN');
    expect(junk.posts.map((p) => p.author)).not.toContain('[object Object]');
  });
});
