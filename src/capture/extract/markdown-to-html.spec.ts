import { markdownToHtml } from './markdown-to-html';
import { cpuMs } from './__fixtures__/cpu-time';

const md = (source: string) => markdownToHtml(source, { lineBreaks: false }).replace(/^.*<main>|<\/main>.*$/g, '');
const text = (source: string) => markdownToHtml(source, { lineBreaks: true }).replace(/^.*<main>|<\/main>.*$/g, '');

describe('markdownToHtml', () => {
  it('renders headings, paragraphs, emphasis and links', () => {
    expect(md('# Pricing ##\n\nPlans for **every** team, see [FAQ](/faq).\nBilled *monthly*.')).toBe(
      '<h1>Pricing</h1>\n<p>Plans for <strong>every</strong> team, see <a href="/faq">FAQ</a>. Billed <em>monthly</em>.</p>',
    );
    expect(md('Team plan\n=========\nUsage\n-----')).toBe('<h1>Team plan</h1>\n<h2>Usage</h2>');
  });

  it('nests lists by indentation and keeps continuation lines in their item', () => {
    expect(md('- 5 users\n- Storage\n  - 10 GB\n  - backups\n- SSO\n  on request\n\n1. One')).toBe(
      '<ul>\n<li>5 users\n</li>\n<li>Storage\n<ul>\n<li>10 GB\n</li>\n<li>backups\n</li></ul>\n</li>\n<li>SSO\n on request\n</li></ul>\n<ol>\n<li>One\n</li></ol>',
    );
  });

  it('renders pipe tables with a header row', () => {
    expect(md('| Plan | Price |\n|:---|---:|\n| Pro | $29 |\n| Team | $99 |')).toBe(
      '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Pro</td><td>$29</td></tr><tr><td>Team</td><td>$99</td></tr></tbody></table>',
    );
  });

  it('strikes ~~text~~ so a struck price is read as struck', () => {
    expect(md('~~$39~~ $29/month')).toBe('<p><del>$39</del> $29/month</p>');
  });

  it('keeps raw HTML and unsafe links as text', () => {
    expect(md('<script>alert(1)</script> [x](javascript:alert(1)) [y](https://a.example/?q=1&r=2)')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) <a href="https://a.example/?q=1&amp;r=2">y</a></p>',
    );
  });

  it('makes each line of plain text a block of its own', () => {
    expect(text('Pro\n$29 per month\n\nTeam')).toBe('<p>Pro</p>\n<p>$29 per month</p>\n<p>Team</p>');
  });

  it('stays linear on lines full of unclosed delimiters', () => {
    const hostile = ['['.repeat(200_000), '*'.repeat(200_000), '_a'.repeat(100_000), `${'- '.repeat(50_000)}x`, `# ${' '.repeat(100_000)}x`].join('\n');
    expect(cpuMs(() => md(hostile))).toBeLessThan(1500);
  });

  it('makes a heading id mark ({#id}, or an MDX comment holding the id) the heading id, and shows no mark', () => {
    expect(md('## Install {#install}')).toContain('<h2 id="install">Install</h2>');
    expect(md('### React 19 {/*react-19*/}\n\n- [react.dev](https://react.dev) {/*docs-19*/}')).toBe(
      '<h3 id="react-19">React 19</h3>\n<ul>\n<li><a href="https://react.dev">react.dev</a>\n</li></ul>',
    );
  });

  it("reads Typst's spaced id marks, dots and all ({ #v0.11.1 }, { #_ })", () => {
    expect(md('## Version 0.11.1 (May 17, 2024) { #v0.11.1 }')).toContain('<h2 id="v0.11.1">Version 0.11.1 (May 17, 2024)</h2>');
    expect(md('## March 28, 2023 { #_ }')).toContain('<h2 id="_">March 28, 2023</h2>');
  });
});
