/**
 * A bounded excerpt of a unified markdown diff for interpretation. A plain head slice of a long
 * diff loses whatever changed near the bottom of the page; this keeps every changed line instead
 * and spends the budget on them: context lines go first, then long lines are shortened (removed
 * lines more than added ones — what the page says now matters more), and only then is the tail cut.
 */
export const REMOVED_LINE_CHARS = 80;
const ADDED_LINE_CHARS = 300;

export function excerptRawDiff(raw: string, maxChars: number): string {
  if (raw.length <= maxChars) return raw;
  const lines = raw.split('\n');
  const changed = lines.filter((line) => /^(?:@@|[-+])/.test(line) && !/^(?:---|\+\+\+) /.test(line));

  const generous = changed.map((line) => cap(line, line.startsWith('-') ? 200 : ADDED_LINE_CHARS)).join('\n');
  if (generous.length <= maxChars) return generous;
  const tight = changed.map((line) => cap(line, line.startsWith('-') ? REMOVED_LINE_CHARS : ADDED_LINE_CHARS)).join('\n');
  if (tight.length <= maxChars) return tight;
  const cut = tight.slice(0, maxChars);
  return cut.slice(0, Math.max(0, cut.lastIndexOf('\n')));
}

function cap(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max)}…`;
}
