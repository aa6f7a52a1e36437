/**
 * Turns body bytes into text the way a browser would pick the encoding: a byte-order mark,
 * then the Content-Type charset, then a <meta> declaration in the first 1024 bytes, else UTF-8.
 */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
const META_SCAN_BYTES = 1024;

export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match ? match[1].toLowerCase() : null;
}

export function sniffMetaCharset(body: Buffer): string | null {
  // Latin-1 maps every byte to one char, so ASCII markup reads the same in any ASCII-compatible encoding.
  const head = body.toString('latin1', 0, Math.min(body.length, META_SCAN_BYTES));
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return direct ? direct[1].toLowerCase() : null;
}

export function decodeBody(body: Buffer, contentType: string | null | undefined): string {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.toString('utf8', 3);
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return decodeWith('utf-16le', body.subarray(2));
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return decodeWith('utf-16be', body.subarray(2));

  const label = charsetFromContentType(contentType) ?? sniffMetaCharset(body);
  // Buffer#toString is several times faster than TextDecoder for the common case.
  if (!label || UTF8_LABELS.has(label)) return body.toString('utf8');
  return decodeWith(label, body);
}

function decodeWith(label: string, bytes: Uint8Array): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // An unknown label (a typo, or an encoding this ICU lacks) falls back to UTF-8, as browsers do.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }
  if (decoder.encoding === 'windows-1252') return decodeWindows1252(bytes);
  return decoder.decode(bytes);
}

/**
 * Node 20's TextDecoder decodes windows-1252 (and the labels that alias it: iso-8859-1,
 * latin1, ascii) as ISO-8859-1, leaving 0x80–0x9F as C1 controls instead of € ‘ ’ “ ” – —.
 * Real pages declaring latin1 use those bytes for punctuation, so remap them.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
}
