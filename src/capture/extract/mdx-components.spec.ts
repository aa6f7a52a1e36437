import type { ChangelogFields, PricingFields } from '../capture.types';
import { extractPage } from './extract-page';

/*
 * MDX sources (Mintlify, Docusaurus): component tags a Markdown renderer leaves as text when their
 * attributes hold JavaScript, or passes on as elements when they do not.
 */
const URL = 'https://docs.relay.example/changelog';
const md = (source: string) => extractPage(source, URL, 'changelog', 'text/markdown');
const entries = (source: string) => (md(source).fields as ChangelogFields).entries.map((e) => [e.title, e.date, e.items]);

const UPDATE = (label: string, attrs: string, body: string[]) => [`<Update label="${label}" ${attrs}>`, '', ...body, '', '</Update>', ''].join('\n');
const RELEASES = [
  UPDATE('March 3, 2025', 'tags={["New releases","Bug fixes"]} rss={{ title: "Branches and more" }}', [
    '  ## Bitbucket support',
    '',
    '  Bitbucket Cloud is now supported as a Git provider.',
    '',
    '  ## Editor',
    '',
    '  - **Editor branches:** the editor opens a draft pull request for each branch.',
    '  - **Autosave:** changes are saved to Git as you type.',
  ]),
  UPDATE('February 24, 2025', 'tags={["Improvements"]}', ['  ## Editor', '', '  - **Faster search:** results in half the time.', '  - **Dark mode:** follows your system.']),
].join('\n');

describe('MDX component tags', () => {
  it('reads each <Update label> of a changelog as one entry, its topics and their lines its items', () => {
    expect(entries(RELEASES)).toEqual([
      [
        'March 3, 2025',
        '2025-03-03',
        ['Bitbucket support: Bitbucket Cloud is now supported as a Git provider.', 'Editor branches: the editor opens a draft pull request for each branch.', 'Autosave: changes are saved to Git as you type.'],
      ],
      ['February 24, 2025', '2025-02-24', ['Faster search: results in half the time.', 'Dark mode: follows your system.']],
    ]);
  });

  it('reads an <Update> tag written over several lines, its ">" on a line of its own', () => {
    const multiLine = (label: string, version: string, line: string) =>
      [`<Update`, `  label="${label}"`, `  description="${version}"`, `>`, '', '## Editor', '', `- **${line}:** one.`, `- **More ${line}:** two.`, '', '</Update>', ''].join('\n');
    const source = [multiLine('March 3, 2025', 'v1.4.0', 'Branches'), multiLine('February 24, 2025', 'v1.3.0', 'Search')].join('\n');
    expect(entries(source)).toEqual([
      ['March 3, 2025 v1.4.0', '2025-03-03', ['Branches: one.', 'More Branches: two.']],
      ['February 24, 2025 v1.3.0', '2025-02-24', ['Search: one.', 'More Search: two.']],
    ]);
    expect(md(source).markdown).not.toMatch(/<Update|^>/m);
  });

  it('leaves no component markup in the markdown', () => {
    const { markdown } = md(`${RELEASES}\n<Frame>\n\n![Editor](/editor.png)\n\n</Frame>\n`);
    expect(markdown).not.toMatch(/<\/?(?:Update|Frame)\b/);
    expect(markdown.startsWith('# March 3, 2025\n')).toBe(true);
  });

  it('keeps a paragraph that holds a component with its content on one line, and prose that opens with "<"', () => {
    const { markdown } = md('<Card title="Quickstart" icon={<Rocket />}>Start here in five minutes.</Card>\n\n<3 from the team, and <Ctrl> + <C> to copy.\n\n<T extends Record<string, unknown>>\n');
    expect(markdown).toContain('Start here in five minutes.');
    expect(markdown).toContain('<3 from the team');
    expect(markdown).toContain('T extends Record<string, unknown>');
  });

  it('gives a component written with plain attributes (an element) the same entry, a version description in its title', () => {
    const html = `<html><body><main><h1>Changelog</h1>
      <update label="2025-03-03" description="v1.4.0"><h2>Editor</h2><ul><li><strong>Branches:</strong> one per draft.</li><li><strong>Autosave:</strong> as you type.</li></ul></update>
      <update label="2025-02-24" description="Search, twice as fast"><p>Search results come back in half the time.</p></update>
      </main></body></html>`;
    const found = (extractPage(html, URL, 'changelog').fields as ChangelogFields).entries;
    expect(found.map((e) => [e.title, e.version, e.date, e.items])).toEqual([
      ['2025-03-03 v1.4.0', 'v1.4.0', '2025-03-03', ['Branches: one per draft.', 'Autosave: as you type.']],
      ['2025-02-24', null, '2025-02-24', ['Search, twice as fast', 'Search results come back in half the time.']],
    ]);
  });

  it('keeps announcement headings under a plain date heading as entries of their own', () => {
    const source = ['# Changelog', '', '## March 3, 2025', '', '### Dark mode', '', 'A dark theme that follows your system.', '', '### Bulk import', '', 'Import users from CSV.'].join('\n');
    expect(entries(source).map(([title, date]) => [title, date])).toEqual([
      ['Dark mode', '2025-03-03'],
      ['Bulk import', '2025-03-03'],
    ]);
  });

  it('titles each <Update> dated by its label over one heading by that heading, its closing tag written against the last line (bunny.net)', () => {
    const update = (date: string, title: string, text: string) => [`<Update label="${date}" tags={["New"]}>`, `  ## ${title}`, '', `  ${text}`, '</Update>', ''].join('\n');
    const source = [
      update('2026-08-21', 'EEA Routing Filter for Pull Zones', 'Route traffic through EU PoPs only.'),
      update('2026-08-21', 'TLS Security Levels for Pull Zones', 'Pick Legacy, Compatible or Modern.'),
      update('2026-06-04', 'WebSocket pay-as-you-go pricing', 'Billing moved to connection-minutes.'),
    ].join('\n');
    expect(entries(source)).toEqual([
      ['EEA Routing Filter for Pull Zones', '2026-08-21', ['Route traffic through EU PoPs only.']],
      ['TLS Security Levels for Pull Zones', '2026-08-21', ['Pick Legacy, Compatible or Modern.']],
      ['WebSocket pay-as-you-go pricing', '2026-06-04', ['Billing moved to connection-minutes.']],
    ]);
  });

  it('draws a docs layout component as its own box, its title in bold at its top', () => {
    const html = `<html><body><main><h1>Pricing</h1>
      <cardgroup cols="2">
        <card title="5¢/min for Calls" icon="cent-sign">Vapi itself charges $0.05 per minute for calls.</card>
        <card title="At-Cost for Providers">Transcriber, model and voice costs charged at-cost.</card>
      </cardgroup></main></body></html>`;
    const { markdown, fields } = extractPage(html, 'https://docs.relay.example/pricing', 'pricing');
    expect(markdown).toContain('**5¢/min for Calls**\n\nVapi itself charges $0.05 per minute for calls.\n\n**At-Cost for Providers**\n\nTranscriber');
    expect((fields as PricingFields).line_items.map((i) => [i.label, i.price.amount, i.price.unit])).toEqual([['Calls', 0.05, 'per min']]);
  });
});
