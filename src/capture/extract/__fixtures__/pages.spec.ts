import { renderMarkdownSource } from './pages';

/** The fixture renderer reads Markdown sources as their static site generators do. */
describe('renderMarkdownSource', () => {
  it('keeps an HTML block whole across blank lines, as kramdown does', () => {
    const html = renderMarkdownSource('<div class="plans">\n<p>Basic</p>\n\n    <p>$9</p>\n</div>\n');
    expect(html).toContain('<p>$9</p>');
    expect(html).not.toContain('<code>');
  });

  it('renders the content of an element marked markdown="1" as Markdown (kramdown), nested ones too', () => {
    const source = [
      '<div class="group" markdown="1">',
      '<div class="pricing__content" markdown="1">',
      '',
      '## Urban <small>- Cluster 1 & 2</small>',
      '',
      '7.200 € / year or **17.500 € / 3 years**',
      '</div>',
      '</div>',
      '',
      '<div class="group" markdown="1">',
      '## What is included?',
      '',
      '<div>',
      '<div class="one-half" markdown="1">',
      '### Support',
      '',
      'Open a [support ticket](/support).',
      '</div>',
      '</div>',
      '</div>',
    ].join('\n');
    const html = renderMarkdownSource(source);
    expect(html).toMatch(/<h2[^>]*>Urban <small>- Cluster 1 &amp; 2<\/small><\/h2>/);
    expect(html).toContain('<strong>17.500 € / 3 years</strong>');
    expect(html).toMatch(/<h2[^>]*>What is included\?<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Support<\/h3>/);
    expect(html).toContain('<a href="/support">support ticket</a>');
    expect(html).not.toMatch(/##|\*\*/);
  });
});
