/**
 * Runs independent queries side by side on the pool, or one after another on a transaction's
 * manager: a transaction is one connection, and pg deprecates overlapping queries on one client.
 */
export async function runQueries<T extends readonly (() => Promise<unknown>)[]>(
  tasks: T,
  oneConnection: boolean,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!oneConnection) return (await Promise.all(tasks.map((task) => task()))) as never;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as never;
}
