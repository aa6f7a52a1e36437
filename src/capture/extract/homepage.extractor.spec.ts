import { corpusPage, fieldsOf, fixtureFile } from './__fixtures__/pages';

describe('homepage extraction from joplinapp.org (corpus)', () => {
  const fields = fieldsOf(corpusPage('homepage-joplin/page.html'), 'https://joplinapp.org/', 'homepage');

  it('reads the headline and the line under it', () => {
    expect(fields.headline).toBe('Free your notes');
    expect(fields.subheadline).toBe(
      'Joplin is an open source note-taking app. Capture your thoughts and securely access them from any device.',
    );
  });

  it('reads the desktop navigation once, without the mobile menu copy or footer links', () => {
    expect(fields.navigation).toEqual(["What's New", 'Help', 'Forum', 'Joplin Cloud', 'Support us']);
  });

  it('reads the hero calls to action', () => {
    expect(fields.ctas).toEqual(['Download the app', 'Sign up with Joplin Cloud']);
  });

  it('reads the press quotes once although the carousel is rendered twice', () => {
    expect(fields.testimonials).toHaveLength(3);
    expect(fields.testimonials[1]).toMatch(/^Joplin is single handedly the best pick/);
  });

  it('reads sponsor logos by their titles and finds no announcement', () => {
    expect(fields.customer_logos).toEqual(['Hosting.de', 'Serei Network', 'U.S. Ringing Supply']);
    expect(fields.announcement).toBeNull();
  });
});

describe('homepage extraction from a synthetic landing page', () => {
  const fields = fieldsOf(fixtureFile('homepage.html'), 'https://quill.example/', 'homepage');

  it('reads hero, navigation and announcement bar', () => {
    expect(fields).toMatchObject({
      headline: 'Docs your team actually reads',
      subheadline: 'Quill keeps internal documentation short, current and searchable.',
      ctas: ['Start for free', 'Book a demo'],
      navigation: ['Product', 'Pricing', 'Customers', 'Blog', 'Sign in'],
      announcement: 'New: Quill AI search is now in beta — read the announcement',
    });
  });

  it('reads the logo strip and the social proof count', () => {
    expect(fields.customer_logos).toEqual(['Acme', 'Globex', 'Initech']);
    expect(fields.social_proof_counts).toEqual(['Trusted by 10,000+ teams']);
  });

  it('reads testimonials with their attribution, which names the customer', () => {
    expect(fields.testimonials).toEqual([
      'Quill cut our onboarding time in half. New engineers find answers on day one. — Priya N., VP Engineering at Globex',
      'The only wiki our sales team opens without being asked.',
    ]);
  });

  it('reads counts with a qualifier and attributions from figure captions', () => {
    const html = `<html><body><main><h1>Support, simplified</h1>
      <p class="logo-wall__title">Trusted by 25,000+ support teams</p>
      <figure class="testimonial"><blockquote>“Setup took an afternoon.”</blockquote><figcaption>Luca Bianchi, CX Lead, Deliveroo</figcaption></figure>
      </main></body></html>`;
    const other = fieldsOf(html, 'https://brightdesk.example/', 'homepage');
    expect(other.social_proof_counts).toEqual(['Trusted by 25,000+ support teams']);
    expect(other.testimonials).toEqual(['Setup took an afternoon. — Luca Bianchi, CX Lead, Deliveroo']);
  });
});

describe('homepage extraction from a docs theme landing page', () => {
  // mkdocs-material's landing override: the hero is drawn in a section beside <main>, which keeps
  // only the navigation sidebars and an empty article.
  const sidebar = `<div class="md-sidebar"><nav class="md-nav"><ul>${['Quick Start', 'Writing Tasks', 'Pricing', 'Support', 'Blog', 'Examples', 'Guides', 'FAQ']
    .map((t) => `<li><a href="/${t.toLowerCase().replace(/ /g, '-')}/">${t} and related reference pages</a></li>`)
    .join('')}</ul></nav></div>`;
  const html = `<html><body><header><nav><a href="/">Home</a><a href="/pricing/">Pricing</a></nav></header>
    <section class="tx-container"><div class="tx-landing__content"><h2>Make your development cycle fast</h2>
    <p>Cirrus is a continuous integration service for every platform you ship to.</p><a class="md-button" href="/features">Learn More</a></div>
    <div class="tx-landing__quotes"><h2>Trusted by Companies</h2><blockquote>It lets us grow without scaling our CI.</blockquote>
    <a class="md-button" href="/guide/quick-start/">Quick Start</a></div></section>
    <main class="md-main">${sidebar}<div class="md-content"><article></article></div></main></body></html>`;
  const fields = fieldsOf(html, 'https://ci.example/', 'homepage');

  it('reads the hero beside <main> when <main> holds only navigation', () => {
    expect(fields.headline).toBe('Make your development cycle fast');
  });

  it('reads the hero call to action and the one that closes the page', () => {
    expect(fields.ctas).toEqual(['Learn More', 'Quick Start']);
  });
});

describe('a homepage whose first h1 is its logo', () => {
  it('takes the hero h1 as the headline, not the logo linking home', () => {
    const html = `<html><body><div id="header"><h1 class="site"><a href="index.html"><i></i>Brackets</a></h1></div>
      <div id="hero"><h1><span>A modern, open source text editor.</span></h1><a class="button" href="#">Download Brackets 1.14</a></div></body></html>`;
    expect(fieldsOf(html, 'https://brackets.example/', 'homepage')).toMatchObject({ headline: 'A modern, open source text editor.', ctas: ['Download Brackets 1.14'] });
  });

  it('keeps a logo h1 over its tagline as the headline, so a section added below does not change it (Homebrew, 2012)', () => {
    const page = (section: string) => `<html><body><div id="header"><h1><a href="./">Homebrew</a></h1>
      <p id="subtitle"><strong>The missing package manager for OS X</strong></p></div>
      <div id="informations"><p>Homebrew installs the stuff you need that Apple didn't.</p></div>${section}</body></html>`;
    const before = fieldsOf(page(''), 'https://brew.sh/', 'homepage');
    const after = fieldsOf(page('<div class="row"><h2>Install Homebrew</h2><pre><code>ruby -e "$(curl …)"</code></pre></div>'), 'https://brew.sh/', 'homepage');
    expect([before.headline, after.headline]).toEqual(['Homebrew', 'Homebrew']);
    expect(after.subheadline).toBe('The missing package manager for OS X');
  });
});

describe('a hero button drawn with utility classes', () => {
  it('reads a link with rounded corners and horizontal padding as the hero call to action (podman.io)', () => {
    const html = `<html><body><header><div class="grid"><div class="container"><h1 class="mb-4 text-white">The best free &amp; open source container tools</h1><p>Manage containers, pods, and images with Podman.</p><div class="my-3 flex gap-8"><a href="/get-started" class="text-xl block rounded-md px-6 py-2 font-semibold bg-purple-700 text-white"><span>Get Started</span></a></div><p><span>Latest stable Podman <a href="https://github.com/containers/podman/releases" class="underline">6.1.0</a></span></p></div></div></header></body></html>`;
    const fields = fieldsOf(html, 'https://podman.io/', 'homepage');
    expect(fields.ctas).toEqual(['Get Started']);
  });
});
