import { extractPage } from './extract-page';
import { corpusPage, fixtureFile, renderTemplate } from './__fixtures__/pages';

const page = (body: string, head = ''): string => `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

describe('extractPage: main content markdown', () => {
  it('drops scripts, styles, noscript, iframes and svg drawings', () => {
    const { markdown } = extractPage(
      page('<main><h1>Title</h1><script>var x = 1;</script><style>p{}</style><noscript>Enable JS</noscript><iframe src="/ad"></iframe><svg><text>chart</text></svg><p>Body text.</p></main>'),
      'https://x.example/',
      'custom',
    );
    expect(markdown).toBe('# Title\n\nBody text.');
  });

  it('drops cookie banners, navigation, header and footer chrome', () => {
    const { markdown } = extractPage(fixtureFile('pricing-cards.html'), 'https://acme.example/pricing', 'custom');
    expect(markdown).not.toMatch(/cookies|Accept all|Log in|Privacy|© 2024/);
    expect(markdown).toMatch(/^# Simple pricing for growing teams/);
  });

  it('drops "was this page helpful?" widgets, by their question or by a feedback class holding buttons', () => {
    const { markdown } = extractPage(
      page(`<main><h1>Quickstart</h1><p>Install the CLI and sign in.</p>
        <div class="feedback" data-session="e3b0c442">Was this page helpful? <button>Yes</button> <button>No</button></div>
        <section class="page-rating"><span>Rate us</span><button>1</button><button>5</button></section>
        <p class="feedback-note">Customer feedback shapes our roadmap every quarter.</p></main>`),
      'https://docs.x.example/quickstart',
      'docs',
    );
    expect(markdown).toBe('# Quickstart\n\nInstall the CLI and sign in.\n\nCustomer feedback shapes our roadmap every quarter.');
  });

  it('drops hidden elements: [hidden], aria-hidden text, display:none and desktop-hidden utilities', () => {
    const { markdown } = extractPage(
      page(`<main><h1>Visible</h1>
        <p hidden>hidden attribute</p>
        <p aria-hidden="true">aria hidden</p>
        <p style="display: none">inline style</p>
        <p class="d-block d-md-none">mobile copy</p>
        <p class="hidden md:block">desktop copy</p>
        <p class="d-none d-lg-block">large screens</p></main>`),
      'https://x.example/',
      'custom',
    );
    expect(markdown).toBe('# Visible\n\ndesktop copy\n\nlarge screens');
  });

  it('drops debug strings such as "Running in prod mode!"', () => {
    const { markdown } = extractPage(corpusPage('homepage-joplin/page.html'), 'https://joplinapp.org/', 'homepage');
    expect(markdown).not.toContain('prod mode');
    expect(markdown.startsWith('# Free your notes')).toBe(true);
  });

  it('makes link and image URLs absolute against the page URL', () => {
    const { markdown } = extractPage(
      page('<main><p><a href="/docs/start">Docs</a> and <a href="guide">guide</a> <img src="../img/a.png" alt="Diagram"></p></main>'),
      'https://x.example/en/page/',
      'custom',
    );
    expect(markdown).toBe('[Docs](https://x.example/docs/start) and [guide](https://x.example/en/page/guide) ![Diagram](https://x.example/en/img/a.png)');
  });

  it('honours <base href> for relative URLs', () => {
    const { markdown } = extractPage(page('<main><p><a href="start">Start</a></p></main>', '<base href="https://cdn.example/app/">'), 'https://x.example/', 'custom');
    expect(markdown).toBe('[Start](https://cdn.example/app/start)');
  });

  it('renders lists with "-", nested lists indented, tables, quotes and code', () => {
    const { markdown } = extractPage(
      page(`<main><h2>Notes</h2>
        <ul><li>One<ul><li>One point one</li></ul></li><li><strong>Two</strong> and <em>three</em></li></ul>
        <ol><li>First</li><li>Second</li></ol>
        <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$49</td></tr></table>
        <blockquote><p>Quoted</p></blockquote>
        <pre><code class="language-js">const a = 1;\n  return a;</code></pre></main>`),
      'https://x.example/',
      'custom',
    );
    expect(markdown).toBe(
      [
        '## Notes',
        '- One\n  - One point one\n- **Two** and *three*',
        '1. First\n2. Second',
        '| Plan | Price |\n| --- | --- |\n| Pro | $49 |',
        '> Quoted',
        '```js\nconst a = 1;\n  return a;\n```',
      ].join('\n\n'),
    );
  });

  it('drops heading permalink anchors', () => {
    const { markdown } = extractPage(corpusPage('changelog-joplin-pair/after.html'), 'https://joplinapp.org/changelog/', 'changelog');
    expect(markdown).toContain('## [v2.4.9](https://github.com/laurent22/joplin/releases/tag/v2.4.9) - 2021-09-29T19:08:58Z\n');
    expect(markdown).not.toContain('🔗');
  });
});

describe('extractPage: page metadata', () => {
  it('reads the GitLab article metadata from meta tags and JSON-LD', () => {
    const { meta } = extractPage(corpusPage('blogpost-gitlab/page.html'), 'https://about.gitlab.com/blog/2024/06/25/x/', 'blog');
    expect(meta).toMatchObject({
      title: '3 surprising findings from our 2024 Global DevSecOps Survey',
      site_name: 'GitLab',
      lang: 'en-us',
      author: 'Dave Steer',
      published_at: '2024-06-25',
      icon: 'https://about.gitlab.com/blog/nuxt-images/ico/apple-touch-icon-180x180.png?cache=2022041',
    });
    expect(meta.image).toMatch(/^https:\/\/images\.ctfassets\.net\//);
    expect(meta.description).toMatch(/^This year, our survey revealed/);
  });

  it('reads the Dropbox article metadata and leaves the unknown site name null', () => {
    const { meta } = extractPage(corpusPage('blogpost-dropbox/page.html'), 'https://dropbox.tech/infrastructure/x', 'blog');
    expect(meta).toMatchObject({ title: 'How we designed Dropbox’s ATF - an async task framework', site_name: null, lang: 'en', author: 'Arun Sai Krishnan' });
  });

  it('reads a homepage title and resolves the icon to an absolute URL', () => {
    const { meta } = extractPage(corpusPage('homepage-joplin/page.html'), 'https://joplinapp.org/', 'homepage');
    expect(meta).toEqual({
      title: 'Joplin',
      site_name: null,
      description: 'Joplin, the open source note-taking application',
      image: null,
      icon: 'https://joplinapp.org/images/favicon.png',
      lang: 'en',
      author: null,
      published_at: null,
    });
  });

  it('prefers the apple-touch-icon and og:site_name', () => {
    const { meta } = extractPage(fixtureFile('homepage.html'), 'https://quill.example/', 'homepage');
    expect(meta).toMatchObject({ site_name: 'Quill', icon: 'https://quill.example/icons/apple-touch-icon.png', image: 'https://quill.example/og/home.png' });
  });

  it('reads author and publication date from microdata', () => {
    const html = page(
      `<article itemscope itemtype="https://schema.org/BlogPosting"><h1 itemprop="headline">Post</h1>
        <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Rita Ora</span></span>
        <time itemprop="datePublished" datetime="2023-08-14T08:00:00Z">14 Aug</time><p>Text.</p></article>`,
    );
    expect(extractPage(html, 'https://x.example/post', 'blog').meta).toMatchObject({ author: 'Rita Ora', published_at: '2023-08-14' });
  });
});

describe('extractPage: content hash', () => {
  const template = fixtureFile('noise-page.html');
  const render = (token: string, timestamp: string, ago: string, cachebust: string): string =>
    renderTemplate(template, { token, timestamp, ago, cachebust });

  it('is a sha256 hex digest, equal for equal pages', () => {
    const html = corpusPage('pricing-joplin-pair/before.html');
    const a = extractPage(html, 'https://joplinapp.org/plans/', 'pricing');
    const b = extractPage(html, 'https://joplinapp.org/plans/', 'pricing');
    expect(a.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.content_hash).toBe(b.content_hash);
  });

  it('is equal when only a random token, a timestamp, "x ago" and a cache buster change', () => {
    const first = extractPage(render('q8Zr3kLm9PxT2vWn7YcB4dHs', '2026-11-22 10:31:02 UTC', '3 hours ago', '1700000000'), 'https://kite.example/', 'custom');
    const second = extractPage(render('Xb7Tq2Lm9Zr3PkWn8YcH5dVs', '2026-11-23 08:02:44 UTC', '5 minutes ago', '1700086400'), 'https://kite.example/', 'custom');
    expect(first.markdown).not.toBe(second.markdown);
    expect(first.content_hash).toBe(second.content_hash);
  });

  it('changes when a price, a version or a post date changes', () => {
    const base = extractPage(render('t', 'x', 'y', '1'), 'https://kite.example/', 'custom').content_hash;
    const html = render('t', 'x', 'y', '1');
    for (const changed of [html.replace('$49/mo', '$59/mo'), html.replace('v2.4.9', 'v2.5.0'), html.replace('17 Dec 2021', '18 Dec 2021')]) {
      expect(extractPage(changed, 'https://kite.example/', 'custom').content_hash).not.toBe(base);
    }
  });

  it('differs between the two versions of a page with a real change', () => {
    const before = extractPage(corpusPage('pricing-joplin-pair/before.html'), 'https://joplinapp.org/plans/', 'pricing');
    const after = extractPage(corpusPage('pricing-joplin-pair/after.html'), 'https://joplinapp.org/plans/', 'pricing');
    expect(before.content_hash).not.toBe(after.content_hash);
  });

  it('handles a fragment without <html> or <body>', () => {
    const result = extractPage('<h1>Fragment</h1><p>Just <a href="/a">a link</a>.</p>', 'https://x.example/', 'custom');
    expect(result.markdown).toBe('# Fragment\n\nJust [a link](https://x.example/a).');
  });
});

describe('extractPage: content hidden until a click', () => {
  it('keeps accordion answers and tab panels that are hidden until opened', () => {
    const { markdown } = extractPage(
      page(`<main><h1>FAQ</h1>
        <button aria-controls="a1">Can I cancel?</button><div id="a1" class="faq-answer hidden"><p>Yes, any time.</p></div>
        <div role="tabpanel" hidden><p>Yearly prices</p></div>
        <div class="modal hidden"><p>Subscribe to our newsletter</p></div>
        <dialog><p>Exit-intent offer</p></dialog></main>`),
      'https://x.example/faq',
      'custom',
    );
    expect(markdown).toBe('# FAQ\n\nCan I cancel?\n\nYes, any time.\n\nYearly prices');
  });
});

describe('extractPage: every monitor type on every corpus page', () => {
  const pages = [
    'homepage-joplin/page.html',
    'pricing-joplin-pair/after.html',
    'blog-joplin/page.html',
    'blogpost-gitlab/page.html',
    'blogpost-dropbox/page.html',
    'docs-joplin/page.html',
    'changelog-healthchecks-pair/after.md',
    'pricing-flyio-plans-pair/after.md',
  ];
  const types = ['pricing', 'blog', 'changelog', 'docs', 'homepage', 'careers', 'integrations', 'custom'] as const;

  it.each(pages)('extracts %s as any type without failing, with markdown, meta and a hash', (file) => {
    const html = corpusPage(file);
    for (const type of types) {
      const result = extractPage(html, 'https://example.org/page/', type);
      expect(result.markdown.length).toBeGreaterThan(100);
      expect(result.content_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(result.meta).sort()).toEqual(['author', 'description', 'icon', 'image', 'lang', 'published_at', 'site_name', 'title']);
      expect(JSON.parse(JSON.stringify(result.fields))).toEqual(result.fields);
    }
  });
});
