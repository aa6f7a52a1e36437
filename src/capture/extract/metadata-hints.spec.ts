import { fieldsOf } from './__fixtures__/pages';
import { extractPage } from './extract-page';
import { hintAuthor, hintText, isRealHref } from './hint-values';

/** The blog index that used to collapse into one post built from its own junk metadata. */
function junkMetadataIndex(posts: number): string {
  const items = Array.from(
    { length: posts },
    (_, i) =>
      `<article><h2><a href="/blog/post-${i + 1}-notes/">Release notes, part ${i + 1}</a></h2><p>Posted <time datetime="2024-05-${String(i + 10).padStart(2, '0')}">May ${i + 10}, 2024</time> by Dana Reyes</p><p>What we learned shipping part ${i + 1} of the rewrite, and what comes next for the team.</p></article>`,
  ).join('');
  return `<!DOCTYPE html><html><head><title>Archive – Relay blog</title>
    <meta property="og:type" content="article"><link rel="canonical" href="NaN">
    <meta name="author" content="[object Object]"><meta property="article:published_time" content="2024-05-20">
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Archive – Relay blog","author":"undefined","url":"undefined"}</script>
    </head><body><main><h1>Archive</h1>${items}</main></body></html>`;
}

describe('metadata is a hint, never the truth', () => {
  it('reads a blog index from its listed posts, whatever its og:type, canonical and author tags say', () => {
    const { posts } = fieldsOf(junkMetadataIndex(10), 'https://relay.example/blog/archive/', 'blog');
    expect(posts).toHaveLength(10);
    expect(posts[0]).toMatchObject({ key: '/blog/post-1-notes/', title: 'Release notes, part 1', url: 'https://relay.example/blog/post-1-notes/', date: '2024-05-10', author: 'Dana Reyes' });
    expect(posts.map((p) => p.key)).not.toContain('/NaN');
    expect(posts.map((p) => p.title)).not.toContain('Archive – Relay blog');
  });

  it('never takes NaN, undefined, null or [object Object] as a URL or an author; an author object gives its name', () => {
    const html = `<!DOCTYPE html><html><head><title>Shipping SSO | Relay</title><meta property="og:type" content="article">
      <link rel="canonical" href="undefined"><meta name="author" content="[object Object]">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Relay"},
        {"@type":"BlogPosting","headline":"Shipping SSO","datePublished":"2024-06-04","author":[{"@type":"Person","name":"Dana Reyes"}]}]}</script>
      </head><body><main><h1>Shipping SSO</h1><p>${'We shipped single sign-on for every plan this week. '.repeat(4)}</p></main></body></html>`;
    const page = extractPage(html, 'https://relay.example/blog/sso/', 'blog');
    expect(page.meta.author).toBe('Dana Reyes');
    expect((page.fields as { posts: unknown[] }).posts).toEqual([
      expect.objectContaining({ title: 'Shipping SSO', url: 'https://relay.example/blog/sso/', author: 'Dana Reyes', date: '2024-06-04' }),
    ]);
  });

  it('finds a single post\'s author in its byline when metadata names none', () => {
    const html = `<!DOCTYPE html><html><head><title>Shipping SSO</title><meta property="og:type" content="article"><meta name="author" content="null"></head>
      <body><main><article><h1>Shipping SSO</h1><p class="byline">By Dana Reyes · June 4, 2024</p><p>${'Single sign-on is here for every plan. '.repeat(5)}</p></article></main></body></html>`;
    expect(fieldsOf(html, 'https://relay.example/blog/sso/', 'blog').posts[0].author).toBe('Dana Reyes');
  });

  it('keeps a post with related posts under it a single post', () => {
    const related = Array.from({ length: 3 }, (_, i) => `<h3><a href="/blog/other-${i}/">Other post ${i}</a></h3>`).join('');
    const html = `<!DOCTYPE html><html><head><title>Shipping SSO</title><meta property="og:type" content="article"></head>
      <body><main><article><h1>Shipping SSO</h1><p>${'Single sign-on is here for every plan, and here is how we built it. '.repeat(25)}</p></article>
      <aside><h2>Related</h2>${related}</aside></main></body></html>`;
    expect(fieldsOf(html, 'https://relay.example/blog/sso/', 'blog').posts.map((p) => p.title)).toEqual(['Shipping SSO']);
  });

  it('reads AggregateOffer prices and skips junk offer names', () => {
    const html = `<!DOCTYPE html><html><head><title>Pricing</title><script type="application/ld+json">[
      {"@context":"https://schema.org","@type":"AggregateOffer","offers":[
        {"@type":"Offer","name":"Starter","price":"12","priceCurrency":"USD"},
        {"@type":"Offer","name":"undefined","price":"99","priceCurrency":"USD"},
        {"@type":"Offer","name":"Business","price":"NaN","priceCurrency":"USD"}]}]</script></head>
      <body><main><h1>Pricing</h1><p>Simple plans.</p></main></body></html>`;
    const { plans } = fieldsOf(html, 'https://relay.example/pricing', 'pricing');
    expect(plans.map((p) => [p.name, p.prices.map((x) => x.amount)])).toEqual([['Starter', [12]]]);
  });
});

describe('hint values', () => {
  it.each(['NaN', 'undefined', 'null', '[object Object]', '{{ page.author }}', '  '])('rejects %j as text', (value) => {
    expect(hintText(value)).toBeNull();
  });

  it('keeps real values, and real links such as "/" and "#top"', () => {
    expect(hintText('  Dana   Reyes ')).toBe('Dana Reyes');
    expect(hintAuthor('https://twitter.com/dana')).toBeNull();
    expect(['/', '#top', '/blog/post-1/', 'https://relay.example/a'].map(isRealHref)).toEqual([true, true, true, true]);
    expect(['NaN', 'undefined', '/blog/undefined', '/NaN/', 'javascript:void(0)', '[object Object]'].map(isRealHref)).toEqual([false, false, false, false, false, false]);
  });
});
