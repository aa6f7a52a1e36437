import type { BlogFields, DocsFields, PricingFields } from '../capture.types';
import { extractPage } from './extract-page';
import { frontMatterHead, readFrontMatter, splitFrontMatter } from './front-matter';

const withoutFrontMatter = (body: string) => splitFrontMatter(body).body;

/** Static-site sources served as they are kept: front matter first, then the page body. */
const JEKYLL_PAGE = [
  '---',
  'layout: default',
  'title: Pricing',
  '---',
  '',
  '<div class="pricing"><h1>Plans and Pricing</h1>',
  '<ul class="plan"><li class="title">Basic</li><li class="price">$29<span>/month</span></li><li>1 private project</li><li>Forums support</li></ul>',
  '<ul class="plan"><li class="title">Pro</li><li class="price">$59<span>/month</span></li><li>Unlimited private projects</li><li>Priority support</li></ul>',
  '</div>',
].join('\n');

describe('front matter of static-site sources', () => {
  it('drops YAML and TOML front matter and keeps the body', () => {
    expect(withoutFrontMatter('---\ntitle: Pricing\n---\n<h1>Pricing</h1>')).toBe('<h1>Pricing</h1>');
    expect(withoutFrontMatter('+++\ntitle = "Pricing"\n+++\r\n# Pricing')).toBe('# Pricing');
  });

  it('leaves a body without a closed front matter, or with a rule further down, as it is', () => {
    expect(withoutFrontMatter('---\ntitle: Pricing\n<h1>Pricing</h1>')).toBe('---\ntitle: Pricing\n<h1>Pricing</h1>');
    expect(withoutFrontMatter('# Pricing\n---\nPlans')).toBe('# Pricing\n---\nPlans');
  });

  it('reads a Jekyll HTML source served as text/html without its front matter', () => {
    const page = extractPage(JEKYLL_PAGE, 'https://ci.example/pricing/', 'pricing', 'text/html');
    expect(page.markdown).not.toContain('layout');
    expect(page.meta.title).toBe('Pricing');
    expect((page.fields as PricingFields).plans.map((p) => [p.name, p.prices.map((x) => x.amount)])).toEqual([
      ['Basic', [29]],
      ['Pro', [59]],
    ]);
  });

  it('reads a Markdown source without its front matter', () => {
    const page = extractPage('---\ntitle: Sync\n---\n# Sync pricing\n\nPlans for teams.', 'https://notes.example/sync', 'pricing', 'text/markdown');
    expect(page.markdown).not.toContain('title: Sync');
    expect(page.markdown).toContain('# Sync pricing');
  });

  it('reads title, date and author from YAML and TOML front matter, an author as a list or a name block', () => {
    expect(readFrontMatter(["date: '2026-07-24T19:00:00.000Z'", 'title: Check out the New Node.js API Documentation Preview', 'author: Guilherme Araújo'])).toEqual({
      title: 'Check out the New Node.js API Documentation Preview',
      date: '2026-07-24T19:00:00.000Z',
      author: 'Guilherme Araújo',
    });
    expect(readFrontMatter(['title: Vite 8.0 is out!', 'author:', '  name: The Vite Team', 'date: 2026-03-12', 'head:', '  - - meta'])).toEqual({
      title: 'Vite 8.0 is out!',
      date: '2026-03-12',
      author: 'The Vite Team',
    });
    expect(readFrontMatter(['title = "Release 2"', 'date = 2025-10-01', 'authors = ["Ann Lee", "Bo Chen"]'])).toEqual({ title: 'Release 2', date: '2025-10-01', author: 'Ann Lee, Bo Chen' });
    expect(readFrontMatter(['authors:', '  - Ann Lee', '  - Bo Chen', 'categories: []']).author).toBe('Ann Lee, Bo Chen');
    expect(frontMatterHead({ title: 'A <b>', date: null, author: null })).toBe('<title>A &lt;b&gt;</title>');
  });

  // The shape of nodejs.org's blog sources (test/fixtures/corpus/blogpost-nodejs-*): no h1, the
  // title, date and author only in the front matter.
  const NODE_POST = [
    '---',
    "date: '2026-08-05T16:25:55.911Z'",
    'category: release',
    'title: Node.js 26.7.0 (Current)',
    'layout: blog-post',
    'author: Antoine du Hamel',
    '---',
    '',
    '## 2026-08-05, Version 26.7.0 (Current), @aduh95',
    '',
    '### Notable Changes',
    '',
    '- **crypto**: support loading private keys through STORE loaders (Filip Skokan)',
    '- **lib**: add perfetto support (Chengzhong Wu)',
  ].join('\n');

  it('reads a Markdown post served as its source as one post with the front matter title, date and author', () => {
    const page = extractPage(NODE_POST, 'https://nodejs.org/en/blog/release/v26.7.0', 'blog', 'text/markdown');
    expect(page.meta).toMatchObject({ title: 'Node.js 26.7.0 (Current)', author: 'Antoine du Hamel', published_at: '2026-08-05' });
    expect((page.fields as BlogFields).posts.map((p) => [p.title, p.date, p.author])).toEqual([['Node.js 26.7.0 (Current)', '2026-08-05', 'Antoine du Hamel']]);
    expect(page.markdown).not.toContain('layout');
  });

  it('takes a docs page title from front matter when the body has no h1 (Hugo, Deno docs sources)', () => {
    const source = '---\ntitle: Configure imaging\nlinkTitle: Imaging\n---\n\nThese are the defaults.\n\n## Top-level settings\n\n## JPEG\n';
    expect((extractPage(source, 'https://gohugo.io/configuration/imaging/', 'docs', 'text/markdown').fields as DocsFields).title).toBe('Configure imaging');
  });
});
