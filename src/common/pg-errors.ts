/** The name of the unique constraint or index a Postgres error violated, if that is what it was. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  if (code !== '23505') return null;
  return e?.driverError?.constraint ?? e?.constraint ?? '';
}

/** Serialization failure or deadlock: the transaction lost a race and may simply run again. */
export function transientConflict(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code;
  return code === '40001' || code === '40P01';
}
