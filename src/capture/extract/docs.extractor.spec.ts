import { corpusPage, fieldsOf } from './__fixtures__/pages';

describe('docs extraction from the Joplin help page (corpus)', () => {
  const fields = fieldsOf(corpusPage('docs-joplin/page.html'), 'https://joplinapp.org/help/', 'docs');

  it('names the page after its document title, without the tagline', () => {
    expect(fields.title).toBe('Joplin');
  });

  it('lists the top-level sections in order', () => {
    const top = fields.sections.filter((s) => s.level === 1).map((s) => s.title);
    expect(top.slice(0, 16)).toEqual([
      'Installation', 'Sponsors', 'Features', 'Importing', 'Exporting', 'Synchronisation', 'Encryption', 'Note history',
      'External text editor', 'Attachments', 'Notifications', 'Sub-notebooks', 'Markdown', 'Custom CSS', 'Plugins', 'Searching',
    ]);
  });

  it('lists sub-sections with their level and a slug key', () => {
    const subsections = fields.sections.filter((s) => s.level === 2).map((s) => s.title);
    expect(subsections).toEqual(expect.arrayContaining([
      'Desktop applications', 'Mobile applications', 'Terminal application', 'Web Clipper',
      'Nextcloud synchronisation', 'WebDAV synchronisation', 'Dropbox synchronisation', 'OneDrive synchronisation', 'S3 synchronisation',
    ]));
    expect(fields.sections.find((s) => s.title === 'S3 synchronisation')).toMatchObject({ key: 's3-synchronisation', level: 2 });
  });

  it('lists the linked docs pages, from which the changelog can be discovered', () => {
    const keys = fields.pages.map((p) => p.key);
    expect(keys).toEqual(expect.arrayContaining([
      '/changelog/', '/changelog_cli/', '/changelog_server/', '/faq/', '/news/', '/plans/', '/api/overview/', '/api/references/rest_api/',
    ]));
    expect(fields.pages.find((p) => p.key === '/changelog/')).toMatchObject({
      title: 'Changelog (Desktop App)',
      url: 'https://joplinapp.org/changelog/',
    });
  });

  it('leaves out the page itself, the home page, other hosts and assets', () => {
    const urls = fields.pages.map((p) => p.url ?? '');
    expect(urls).not.toContain('https://joplinapp.org/help/');
    expect(urls).not.toContain('https://joplinapp.org/');
    expect(urls.some((u) => u.includes('discourse.joplinapp.org') || u.includes('github.com'))).toBe(false);
    expect(urls.some((u) => /\.(png|svg|css)$/.test(u))).toBe(false);
  });
});

describe('docs extraction from a page with a sidebar and anchored sections', () => {
  const html = `<html><head><title>Webhooks - Relay Docs</title></head><body>
    <aside class="sidebar"><ul><li><a href="/docs/start">Getting started</a><ul><li><a href="/docs/start/install">Install</a></li></ul></li><li><a href="/docs/webhooks">Webhooks</a></li></ul></aside>
    <main><h1 id="webhooks">Webhooks</h1><p>Relay sends signed webhooks.</p><h2 id="signing">Signing</h2><p>HMAC.</p><h2>Retries</h2><h3>Back-off</h3></main>
  </body></html>`;
  const fields = fieldsOf(html, 'https://relay.example/docs/webhooks', 'docs');

  it('uses the single h1 as title and anchors sections that have ids', () => {
    expect(fields.title).toBe('Webhooks');
    expect(fields.sections).toEqual([
      { key: 'webhooks', title: 'Webhooks', url: 'https://relay.example/docs/webhooks#webhooks', level: 1 },
      { key: 'signing', title: 'Signing', url: 'https://relay.example/docs/webhooks#signing', level: 2 },
      { key: 'retries', title: 'Retries', url: null, level: 2 },
      { key: 'back-off', title: 'Back-off', url: null, level: 3 },
    ]);
  });

  it('reads sidebar pages with their nesting level', () => {
    expect(fields.pages).toEqual([
      { key: '/docs/start', title: 'Getting started', url: 'https://relay.example/docs/start', level: 1 },
      { key: '/docs/start/install', title: 'Install', url: 'https://relay.example/docs/start/install', level: 2 },
    ]);
  });
});
