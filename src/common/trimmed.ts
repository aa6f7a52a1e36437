import { Transform } from 'class-transformer';

/** Trims a string before it is validated, so a name of spaces only is an empty name (DESIGN §5g). */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}
