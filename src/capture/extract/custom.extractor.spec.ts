import { corpusPage, fieldsOf } from './__fixtures__/pages';

describe('custom (generic) extraction', () => {
  const fields = fieldsOf(corpusPage('homepage-joplin/page.html'), 'https://joplinapp.org/', 'custom');

  it('reads the title and the heading outline', () => {
    expect(fields.title).toBe('Free your notes');
    expect(fields.headings).toEqual([
      'Free your notes', 'Multimedia notes', 'Work together', 'Save web pages as notes', 'Customise it to your needs',
      'Your notes, everywhere you are', '100% your data', 'In the Press', 'Our sponsors',
    ]);
  });

  it('reads text blocks once each, without navigation or debug strings', () => {
    expect(fields.text_blocks).toContain('You can also publish a note to the internet and share the URL with others.');
    expect(fields.text_blocks.filter((t) => t.startsWith('Images, videos, PDFs'))).toHaveLength(1);
    expect(fields.text_blocks.join(' ')).not.toMatch(/prod mode|Privacy Policy/);
  });
});
