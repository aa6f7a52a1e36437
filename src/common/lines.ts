/** A text's lines, "\n" or "\r\n" ended: a string split where there is no CR, several times cheaper than a pattern split over a whole page. */
export function splitLines(text: string): string[] {
  return text.includes('\r') ? text.split(/\r?\n/) : text.split('\n');
}
