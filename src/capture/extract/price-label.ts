/** Words that lead into a price rather than name what is priced ("Storage is", "Enterprise starts at"). */
const TRAILING_WORDS_RE = /(?:\s+|^)(?:is|are|costs?|at|for|from|starting at|starts at|only|just|about|around|roughly|approximately|will cost|priced at|=)\s*$/i;

/** What names a price, from the text before (or after) it: bullets, separators, lead-in words and an article dropped. */
export function cleanLabel(text: string): string {
  let label = text.replace(/^[\s•·*–—-]+/, '').replace(/[\s:–—=|,(-]+$/, '');
  for (let i = 0; i < 3 && TRAILING_WORDS_RE.test(label); i++) label = label.replace(TRAILING_WORDS_RE, '').replace(/[\s:–—=,]+$/, '');
  return label.replace(/^(?:the|a|an)\s+/i, '').trim();
}
