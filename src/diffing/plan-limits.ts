/**
 * Limits and quantities inside a plan ("Up to 5 users", "10,000 searches / month", "3 projects",
 * "50 GB storage"). A plan feature whose number changed is one limit moving, not a feature removed
 * and another added: features that read the same once their quantities are masked are the same
 * limit, so the diff says "Up to 5 users" → "Up to 10 users".
 */

const QUANTITY = /\d+(?:[.,]\d+)*(?:\s*(?:k|m|gb|tb|mb))?\b|\bunlimited\b/gi;

/** The text with its quantities masked ("up to # users"); null when it holds no quantity. */
export function limitShape(text: string): string | null {
  if (!/\d|\bunlimited\b/i.test(text)) return null;
  return text.toLowerCase().replace(QUANTITY, '#').replace(/\s+/g, ' ').trim();
}
