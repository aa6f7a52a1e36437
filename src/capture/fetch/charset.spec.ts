import { charsetFromContentType, decodeBody, sniffMetaCharset } from './charset';

describe('charset', () => {
  it('reads the charset parameter of a Content-Type', () => {
    expect(charsetFromContentType('text/html; charset=ISO-8859-1')).toBe('iso-8859-1');
    expect(charsetFromContentType('text/html;charset="utf-8"')).toBe('utf-8');
    expect(charsetFromContentType('text/html')).toBeNull();
    expect(charsetFromContentType(null)).toBeNull();
  });

  it('sniffs <meta charset> and the http-equiv form', () => {
    expect(sniffMetaCharset(Buffer.from('<head><meta charset="windows-1251">'))).toBe('windows-1251');
    expect(sniffMetaCharset(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">'))).toBe('euc-jp');
    expect(sniffMetaCharset(Buffer.from(`${' '.repeat(2000)}<meta charset="koi8-r">`))).toBeNull();
  });

  it('decodes UTF-8 by default and strips a byte-order mark', () => {
    expect(decodeBody(Buffer.from('prix 49 €'), null)).toBe('prix 49 €');
    expect(decodeBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('hi')]), 'text/html')).toBe('hi');
  });

  it('prefers the Content-Type charset over <meta>', () => {
    const bytes = Buffer.concat([Buffer.from('<meta charset="utf-8">'), Buffer.from([0xe9])]);
    expect(decodeBody(bytes, 'text/html; charset=iso-8859-1')).toBe('<meta charset="utf-8">é');
  });

  it('decodes windows-1252 punctuation that Node 20 decodes as latin1', () => {
    expect(decodeBody(Buffer.from([0x93, 0x51, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]), 'text/html; charset=iso-8859-1')).toBe('“Q” – €5');
  });

  it('decodes Cyrillic and UTF-16', () => {
    expect(decodeBody(Buffer.from([0xd6, 0xe5, 0xed, 0xe0]), 'text/html; charset=windows-1251')).toBe('Цена');
    expect(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ok', 'utf16le')]), null)).toBe('ok');
  });

  it('falls back to UTF-8 for an unknown label', () => {
    expect(decodeBody(Buffer.from('café'), 'text/html; charset=x-unknown-42')).toBe('café');
  });
});
