import { corpusFile, corpusPage, fieldsOf, fixtureFile } from './__fixtures__/pages';

interface ExpectedMetadata {
  title: string;
  byline: string | null;
  siteName: string | null;
  publishedTime: string | null;
  lang: string;
}

describe('blog extraction from the Joplin "What\'s New" index (corpus)', () => {
  const { posts } = fieldsOf(corpusPage('blog-joplin/page.html'), 'https://joplinapp.org/news/', 'blog');

  it('finds the 20 posts, newest first, keyed by URL path', () => {
    expect(posts).toHaveLength(20);
    expect(posts[0]).toMatchObject({
      key: '/news/20211217-120324/',
      title: 'Joplin 2.6 is available!',
      url: 'https://joplinapp.org/news/20211217-120324/',
      date: '2021-12-17',
      author: null,
    });
    expect(posts[posts.length - 1].title).toBe('Getting close to being mainly a TypeScript project');
  });

  it('reads "Published on 2 Nov 2021" dates for every post', () => {
    expect(posts.slice(1, 5).map((p) => [p.title, p.date])).toEqual([
      ['Potential breaking change in next Joplin Server update (2.5.10)', '2021-11-02'],
      ['Joplin v2.5 is available for desktop and mobile!', '2021-10-31'],
      ['"Certificate has expired" error with Joplin Cloud, and workaround', '2021-09-30'],
      ['Joplin 2.4 is available!', '2021-09-29'],
    ]);
    expect(posts.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.date ?? ''))).toBe(true);
  });

  it('takes only post titles, not the sub-headings of embedded post bodies', () => {
    const titles = posts.map((p) => p.title);
    expect(titles).not.toContain('Support for Markdown + Front Matter');
    expect(titles).not.toContain('Sync Wizard Dialog');
  });

  it('uses the first paragraph of the body as excerpt, not the date line', () => {
    expect(posts[0].excerpt).toBe('Many changes in this new release, available on mobile, desktop and CLI:');
  });
});

describe('blog extraction from single article pages (corpus)', () => {
  it.each([
    ['blogpost-gitlab', 'https://about.gitlab.com/blog/2024/06/25/3-surprising-findings-from-our-2024-global-devsecops-survey/'],
    ['blogpost-dropbox', 'https://dropbox.tech/infrastructure/asynchronous-task-scheduling-at-dropbox'],
  ])('reads %s as one post with the title and author of its metadata', (folder, url) => {
    const expected = JSON.parse(corpusFile(`${folder}/expected-metadata.json`)) as ExpectedMetadata;
    const { posts } = fieldsOf(corpusPage(`${folder}/page.html`), url, 'blog');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ title: expected.title, author: expected.byline, url });
  });

  it('reads the GitLab publication date from its BlogPosting data', () => {
    const { posts } = fieldsOf(corpusPage('blogpost-gitlab/page.html'), 'https://about.gitlab.com/blog/x/', 'blog');
    expect(posts[0].date).toBe('2024-06-25');
  });

  it('reads the Dropbox date the page itself states, not an invented one', () => {
    // Readability's expected-metadata.json has no publishedTime, but the page declares
    // <meta name="publishDate" content="2020-11-11 …"> and its byline reads "Nov 11, 2020".
    const { posts } = fieldsOf(corpusPage('blogpost-dropbox/page.html'), 'https://dropbox.tech/x', 'blog');
    expect(posts[0].date).toBe('2020-11-11');
  });

  it('leaves the date null when the article states none', () => {
    const html = '<html><head><meta property="og:type" content="article"><meta property="og:title" content="Undated"></head><body><article><h1>Undated</h1><p>Some words about nothing in particular, long enough to be a paragraph of text.</p></article></body></html>';
    expect(fieldsOf(html, 'https://x.example/post', 'blog').posts[0]).toMatchObject({ title: 'Undated', date: null, author: null });
  });
});

describe('blog extraction from synthetic pages', () => {
  it('reads article cards with <time datetime>, byline and excerpt; tracking parameters dropped', () => {
    const { posts } = fieldsOf(fixtureFile('blog-cards.html'), 'https://lumen.example/blog/', 'blog');
    expect(posts).toEqual([
      {
        key: '/blog/launching-insights/',
        title: 'Launching Insights',
        url: 'https://lumen.example/blog/launching-insights/',
        date: '2024-03-05',
        author: 'Jane Doe',
        excerpt: 'Insights turns your raw events into weekly reports your whole team can read in five minutes.',
      },
      {
        key: '/blog/postgres-16/',
        title: 'What we learned upgrading to Postgres 16',
        url: 'https://lumen.example/blog/postgres-16/',
        date: '2024-02-20',
        author: 'Omar Haddad',
        excerpt: 'Upgrading a 4 TB cluster without downtime took three rehearsals and one very long night.',
      },
      {
        key: '/blog/hello-world/',
        title: 'Hello, world',
        url: 'https://lumen.example/blog/hello-world/',
        date: null,
        author: null,
        excerpt: 'We are Lumen, and this is the first post on our new engineering blog. Welcome!',
      },
    ]);
  });

  it('reads posts from JSON-LD BlogPosting data when the list is rendered by scripts', () => {
    const { posts } = fieldsOf(fixtureFile('blog-jsonld.html'), 'https://orbit.example/news', 'blog');
    expect(posts.map((p) => [p.key, p.title, p.date, p.author])).toEqual([
      ['/news/orbit-3', 'Orbit 3.0 is here', '2024-05-02', 'Ana Lima'],
      ['/news/soc2', 'Our SOC 2 report', '2024-04-11', 'Sam Lee, Kim Park'],
    ]);
  });

  it('reads an archive list of links with dates', () => {
    const { posts } = fieldsOf(fixtureFile('blog-list.html'), 'https://lumen.example/archive', 'blog');
    expect(posts.map((p) => [p.title, p.date])).toEqual([
      ['Rethinking rate limits', '2023-11-12'],
      ['How we do on-call', '2023-10-03'],
      ['We launched!', '2023-09-01'],
    ]);
  });
});

describe('blog extraction of dates inside a byline paragraph', () => {
  it('reads <time datetime> nested in the line under the title', () => {
    const html = `<html><body><main><h1>Blog</h1>
      <h2><a href="/b/one">First post</a></h2><p class="meta">By Ada · <time datetime="2024-01-09">Jan 9</time></p><p>The first post has a long enough body paragraph to be an excerpt.</p>
      <h2><a href="/b/two">Second post</a></h2><p class="meta">By Linus · <time datetime="2023-12-01">Dec 1</time></p></main></body></html>`;
    const { posts } = fieldsOf(html, 'https://x.example/blog', 'blog');
    expect(posts.map((p) => [p.title, p.date, p.author])).toEqual([
      ['First post', '2024-01-09', 'Ada'],
      ['Second post', '2023-12-01', 'Linus'],
    ]);
  });
});

describe('a post whose sections are h1s, its date and author in a sidebar (Cirrus CI on MkDocs Material, corpus)', () => {
  const url = 'https://cirrus-ci.org/blog/2023/07/17/limiting-free-usage-of-cirrus-ci/';

  it('reads one post titled by the first h1, dated and signed by the post metadata, not the site-wide author meta', () => {
    const { posts } = fieldsOf(corpusPage('blogpost-cirrus-ci/page.html'), url, 'blog');
    expect(posts).toEqual([expect.objectContaining({ title: 'Limiting free usage of Cirrus CI', date: '2023-07-17', author: 'Fedor Korotkov' })]);
  });

  it('gives no date from post metadata when the page lists several (an index)', () => {
    const card = (day: number) =>
      `<article><h2><a href="/blog/p${day}/">Post ${day}</a></h2><ul class="md-post__meta"><li><time datetime="2023-07-${day}">July ${day}, 2023</time></li></ul><p>${'Words of the excerpt. '.repeat(8)}</p></article>`;
    const html = `<html><head><meta name="author" content="Cirrus Labs"></head><body><main>${[10, 11, 12].map(card).join('')}</main></body></html>`;
    const { posts } = fieldsOf(html, 'https://cirrus-ci.org/blog/', 'blog');
    expect(posts.map((p) => p.date)).toEqual(['2023-07-10', '2023-07-11', '2023-07-12']);
  });
});

describe('blog indexes laid out as a table (the Rust blog, corpus)', () => {
  it('reads a post per row, the year-less dates in the year of the "Posts in 2023" row above them', () => {
    const { posts } = fieldsOf(corpusPage('blog-rust-pair/after.html'), 'https://blog.rust-lang.org/', 'blog');
    expect(posts.length).toBeGreaterThan(100);
    expect(posts[0]).toMatchObject({ title: 'Announcing Rust 1.71.0', url: 'https://blog.rust-lang.org/2023/07/13/Rust-1.71.0.html', date: '2023-07-13' });
    expect(posts.find((p) => p.title === 'Announcing Rust 1.66.0')?.date).toBe('2022-12-15');
  });

  it('takes the year from the heading before the table, and skips rows without a post link or a date', () => {
    const html = `<html><body><main><h2>Archive 2021</h2><table>
      <tr><td>Dec 3</td><td><a href="/posts/three">Third</a></td></tr>
      <tr><td>Nov. 20</td><td><a href="/posts/two">Second</a></td></tr>
      <tr><td>Unknown</td><td><a href="/posts/undated">Undated</a></td></tr>
      <tr><td>Jan 4</td><td><a href="/posts/one">First</a></td></tr>
      <tr><th>2020</th><th></th></tr>
      <tr><td>Dec 24</td><td><a href="/posts/zero">Zero</a></td></tr></table></main></body></html>`;
    const { posts } = fieldsOf(html, 'https://x.example/archive', 'blog');
    expect(posts.map((p) => [p.title, p.date])).toEqual([
      ['Third', '2021-12-03'],
      ['Second', '2021-11-20'],
      ['First', '2021-01-04'],
      ['Zero', '2020-12-24'],
    ]);
  });

  it('does not read a table of links without dates as posts', () => {
    const html = `<html><body><main><h1>Downloads</h1><table>
      <tr><td>Linux</td><td><a href="/dl/linux">Download</a></td></tr><tr><td>macOS</td><td><a href="/dl/mac">Download</a></td></tr>
      <tr><td>Windows</td><td><a href="/dl/win">Download</a></td></tr></table></main></body></html>`;
    expect(fieldsOf(html, 'https://x.example/downloads', 'blog').posts).toEqual([]);
  });
});

describe('a post titled by an h2 in its own <header> with a "date · author" byline (the Rust blog, corpus)', () => {
  it.each([
    ['blogpost-rust-release/page.html', 'https://blog.rust-lang.org/2023/07/13/Rust-1.71.0.html', 'Announcing Rust 1.71.0', '2023-07-13', 'The Rust Release Team'],
    ['blogpost-rust-inside-rust/page.html', 'https://blog.rust-lang.org/inside-rust/2023/07/17/trait-system-refactor-initiative.html', 'Rustc Trait System Refactor Initiative Update', '2023-07-17', 'lcnr'],
  ])('%s is one post with its title, date and author', (file, url, title, date, author) => {
    expect(fieldsOf(corpusPage(file), url, 'blog').posts.map((p) => [p.title, p.date, p.author])).toEqual([[title, date, author]]);
  });
});

describe('a username in a dated byline (Pelican blog index, DataFusion shape)', () => {
  const card = (title: string, line: string) =>
    `<article><header><div class="title"><h1><a href="/blog/${title.toLowerCase().replace(/\W+/g, '-')}">${title}</a></h1><p>${line}</p></div></header><p>Some words about ${title}, long enough to be an excerpt of the post.</p></article>`;
  const html = `<!DOCTYPE html><html><head><title>Blog</title></head><body><main>${[
    card('Python 43.1.0 Released', 'Posted on: Sat 14 December 2024 by timsaucer'),
    card('Comet 0.4.0 Release', 'Posted on: Wed 20 November 2024 by pmc'),
    card('Parquet is fast', 'Posted on: Mon 18 November 2024 by Andrew Lamb, Staff Engineer at InfluxData'),
    card('Defaults explained', 'Updated on: Tue 5 November 2024 by default'),
    card('Sorted posts', 'Posted on: Sun 3 November 2024, sorted by date'),
    card('Arrow 18', 'Posted on: Fri 1 November 2024 by agrove.'),
  ].join('')}</main></body></html>`;

  it('reads the handle that ends a line dating the post, but not a word such as "default"', () => {
    const { posts } = fieldsOf(html, 'https://datafusion.example/blog/', 'blog');
    expect(posts.map((p) => [p.title, p.date, p.author])).toEqual([
      ['Python 43.1.0 Released', '2024-12-14', 'timsaucer'],
      ['Comet 0.4.0 Release', '2024-11-20', 'pmc'],
      ['Parquet is fast', '2024-11-18', 'Andrew Lamb'],
      ['Defaults explained', '2024-11-05', null],
      ['Sorted posts', '2024-11-03', null],
      ['Arrow 18', '2024-11-01', 'agrove'],
    ]);
  });
});

describe('a card whose date and author stand loose among its blocks (Hugo book theme, Apache Flink shape)', () => {
  const card = (title: string, path: string, loose: string) =>
    `<article class="book-post"><h3><a href="${path}">${title}</a></h3>\n  ${loose}\n<p>Some words about ${title}, long enough to be an excerpt of the post.</p></article>`;
  const html = `<!DOCTYPE html><html><head><title>Posts</title></head><body><main>${[
    card('Flink 1.20', '/2024/08/02/flink-1.20/', 'August 2, 2024 -\n\n  Weijie Guo\n  <a href="https://x.example/w">(@weijie)</a>'),
    card('CDC 3.1.1', '/2024/06/18/cdc-3.1.1/', 'June 18, 2024 -\n  Hong\n  <a href="https://x.example/h">(@hong)</a>'),
    card('Roadmap', '/2024/05/01/roadmap/', 'May 1, 2024 - Product Updates'),
    card('Undated', '/2024/04/09/undated/', ''),
  ].join('')}</main></body></html>`;

  it('reads the date line, the name after it (a lone name when a handle follows), and dates a post from its URL when the card shows none', () => {
    const { posts } = fieldsOf(html, 'https://flink.example/posts/', 'blog');
    expect(posts.map((p) => [p.title, p.date, p.author])).toEqual([
      ['Flink 1.20', '2024-08-02', 'Weijie Guo'],
      ['CDC 3.1.1', '2024-06-18', 'Hong'],
      ['Roadmap', '2024-05-01', null],
      ['Undated', '2024-04-09', null],
    ]);
  });

  it('reads authors from camelCase classes (Docusaurus 1: "post-authorName" in an "authorBlock"), not from "typewriter"', () => {
    const post = (title: string, author: string) =>
      `<div class="post"><header><h1><a href="/blog/${title.toLowerCase()}">${title}</a></h1><p class="post-meta">May 6, 2020</p><div class="authorBlock"><p class="post-authorName"><a href="https://x.example/">${author}</a></p></div><p class="typewriter">Typed Words</p></header><p>An excerpt that is long enough to be read as the excerpt of ${title}.</p></div>`;
    const page = `<!DOCTYPE html><html><head><title>Blog</title></head><body><main>${post('Tick', 'Christoph Nakazawa')}${post('Tock', 'Simen Bekkhus')}</main></body></html>`;
    expect(fieldsOf(page, 'https://jest.example/blog/', 'blog').posts.map((p) => p.author)).toEqual(['Christoph Nakazawa', 'Simen Bekkhus']);
  });
});

describe('a blog that shows every post whole on one page (kafka.apache.org/blog shape)', () => {
  const post = (title: string, anchor: string, byline: string) =>
    `<article><h2 class="bullet"><a id="${anchor}"></a><a href="#${anchor}">${title}</a></h2>\n  ${byline}\n<p>We are proud to announce ${title}. ${'This release brings many improvements. '.repeat(40)}</p><p>More of the post.</p></article>`;
  const html = `<!DOCTYPE html><html><head><title>Blog</title></head><body><main><h1>Blog</h1>${[
    post('Apache Kafka 3.8.0 Release Announcement', 'kafka_380', '29 July 2024 - Josep Prat (<a href="https://twitter.com/jlprat">@jlprat</a>)'),
    post('Apache Kafka 3.7.1 Release Announcement', 'kafka_371', '28 June 2024 - Igor Soarez (<a href="https://twitter.com/soarez">@soarez</a>)'),
    post('Apache Kafka 3.6.2 Release Announcement', 'kafka_362', '4 April 2024 - Manikumar Reddy'),
  ].join('')}</main></body></html>`;

  it('reads each article as a post (titled by the heading that links to its own anchor, no page of its own) with its date and author', () => {
    const { posts } = fieldsOf(html, 'https://kafka.example/blog', 'blog');
    expect(posts.map((p) => [p.title, p.url, p.date, p.author])).toEqual([
      ['Apache Kafka 3.8.0 Release Announcement', null, '2024-07-29', 'Josep Prat'],
      ['Apache Kafka 3.7.1 Release Announcement', null, '2024-06-28', 'Igor Soarez'],
      ['Apache Kafka 3.6.2 Release Announcement', null, '2024-04-04', 'Manikumar Reddy'],
    ]);
  });
});
