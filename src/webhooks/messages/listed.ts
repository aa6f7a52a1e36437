/** `a, b or c` (or `and`): a list as a sentence says it. */
export function listed(items: readonly string[], last: 'and' | 'or' = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}
