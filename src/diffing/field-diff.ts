import type { ChangeType, DiffOp, DiffTier, FieldDiff } from './diff.types';

/** Builds a field diff; the argument order mirrors how the differs reason: what, where, how important, values. */
export function fieldDiff(
  op: DiffOp,
  change_type: ChangeType,
  path: string,
  tier: DiffTier,
  old: unknown,
  next: unknown,
): FieldDiff {
  return { op, change_type, path, tier, old: old ?? null, new: next ?? null };
}

/** `plans` + `pro` → `plans[pro]`. Paths are for people and the interpreter, not parsed back. */
export function at(base: string, key: string): string {
  return `${base}[${key}]`;
}

/**
 * The op for a single value that may appear or disappear: a headline that did not exist before is
 * `added`, one that is gone is `removed`, a changed one is `modified`.
 */
export function presenceOp(old: string | null, next: string | null): DiffOp {
  if (old === null) return 'added';
  if (next === null) return 'removed';
  return 'modified';
}
