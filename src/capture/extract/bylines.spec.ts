import { fieldsOf } from './__fixtures__/pages';
import { nameAfterDate } from './bylines';

/*
 * Bylines as blog themes write them: "By Jane Doe" beside a date in spans that render glued,
 * "Name · 3 min read", rel=author links and itemprop=author; and on a post page, a header block
 * under the title with an avatar, the name, a role and "date · reading time".
 */
const authors = (html: string, url = 'https://relay.example/blog') => fieldsOf(html, url, 'blog').posts.map((p) => [p.title, p.author]);

describe('bylines', () => {
  it('reads the author of each post card', () => {
    const cards = [
      '<article class="card"><a href="/blog/webhooks-v2"><h3>Webhooks v2 is here</h3></a><p>Retries, signatures and replays.</p><div class="meta"><span>By Jane Doe</span><span>Feb 21, 2025</span></div></article>',
      '<article class="card"><a href="/blog/csv-export"><h3>CSV export for every report</h3></a><p>Download anything.</p><p class="meta">Omar Haddad · 3 min read</p></article>',
      '<article class="card"><a href="/blog/dark-mode"><h3>Dark mode</h3></a><p>Easy on the eyes.</p><div class="post-meta"><img src="/a.png" alt=""><a rel="author" href="/authors/li">Li Wei</a><time datetime="2025-02-03">Feb 3</time></div></article>',
      '<article class="card"><a href="/blog/sso"><h3>SSO for every plan</h3></a><p>SAML for all.</p><div><span itemprop="author" itemscope><span itemprop="name">Ana de Souza</span></span> — <span>5 min read</span></div></article>',
    ].join('');
    expect(authors(`<!DOCTYPE html><html><head><title>Blog — Relay</title></head><body><main><h1>Blog</h1><div class="grid">${cards}</div></main></body></html>`)).toEqual([
      ['Webhooks v2 is here', 'Jane Doe'],
      ['CSV export for every report', 'Omar Haddad'],
      ['Dark mode', 'Li Wei'],
      ['SSO for every plan', 'Ana de Souza'],
    ]);
  });

  it('reads the byline under an article title written without "By"', () => {
    const body =
      '<p>Today we are shipping webhooks v2, with retries, signatures and replays for every endpoint. Failed deliveries are retried for up to three days, and every payload is signed so that you can verify it came from us.</p>'.repeat(6);
    const post = (header: string) =>
      `<!DOCTYPE html><html><head><title>Webhooks v2 is here — Relay blog</title><meta property="og:type" content="article"></head><body><main><article><h1>Webhooks v2 is here</h1>${header}${body}</article></main></body></html>`;
    const url = 'https://relay.example/blog/webhooks-v2';
    expect(authors(post('<div class="post-header__meta"><img class="avatar" src="/jane.png" alt="Jane Doe"><div><span>Product Manager</span><span>Jane Doe</span></div><span>February 21, 2025 · 4 min read</span></div>'), url)).toEqual([
      ['Webhooks v2 is here', 'Jane Doe'],
    ]);
    expect(authors(post('<p class="subtitle">Retries and signatures for every endpoint.</p><p>Omar Haddad · February 21, 2025</p>'), url)).toEqual([['Webhooks v2 is here', 'Omar Haddad']]);
  });
});

describe('a byline that gives the date first', () => {
  it('reads "date · name" and cuts "on behalf of …", but not "date · 5 min read"', () => {
    expect(nameAfterDate('July 13, 2023 · The Rust Release Team')).toBe('The Rust Release Team');
    expect(nameAfterDate('July 17, 2023 · lcnr on behalf of The Rustc Trait System Refactor Initiative')).toBe('lcnr');
    expect(nameAfterDate('July 13, 2023 · 5 min read')).toBeNull();
    expect(nameAfterDate('Release notes · The Rust Release Team')).toBeNull();
  });
});
