/**
 * Whether the items that left a list dropped off its end, as a paginated blog index or a capped
 * changelog loses its oldest items when new ones arrive. An item dropped off when every item after
 * it in the old list left too, or when every item that stayed is newer (a page listed oldest
 * first). An item that left from among items that stayed was taken down: that is news.
 */
export function droppedOff<T>(before: readonly T[], left: ReadonlySet<T>, dateOf: (item: T) => string | null | undefined): (item: T) => boolean {
  const stayed = before.filter((item) => !left.has(item));
  const stayedDates = stayed.map(dateOf);
  const everyStayedDated = stayedDates.every(Boolean);
  return (item) => {
    const position = before.indexOf(item);
    if (before.slice(position + 1).every((later) => left.has(later))) return true;
    const date = dateOf(item);
    return Boolean(date) && everyStayedDated && stayedDates.every((other) => (other as string) > (date as string));
  };
}
