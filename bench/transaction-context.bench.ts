/**
 * npm run bench:tx-context — what carrying the transaction's EntityManager in an
 * AsyncLocalStorage would cost, against passing it as a parameter (docs/decisions/0005-transaction-context.md).
 * Each variant runs in its own process, the variants alternating round by round so that the
 * machine's other load falls on all of them alike: ns per repository-shaped call (an async
 * function that reads its manager and awaits), median of the rounds, and the ratio to the
 * parameter. `param` never enables an AsyncLocalStorage; `param+als` passes the parameter in a
 * process where one is enabled (Node 20 then runs a promise hook on every promise), as the
 * application does for its logs (nestjs-pino); `context` reads the manager from it, as the
 * application's repositories do (`currentManager`). Prints figures; asserts nothing.
 *
 * Knobs: TX_CONTEXT_CALLS (2,000,000 per round), TX_CONTEXT_ROUNDS (7).
 */
import { execFileSync } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';

type Variant = 'param' | 'param+als' | 'context';
const VARIANTS: Variant[] = ['param', 'param+als', 'context'];
const CALLS = Number(process.env.TX_CONTEXT_CALLS ?? 2_000_000);
const ROUNDS = Number(process.env.TX_CONTEXT_ROUNDS ?? 7);

interface Manager {
  id: number;
}

/** One round of one variant, in this process: ns per call. */
async function round(variant: Variant): Promise<number> {
  const manager: Manager = { id: 1 };
  const fallback: Manager = { id: 0 };
  const storage = new AsyncLocalStorage<Manager>();
  const viaParam = async (m: Manager) => m.id;
  const viaContext = async () => (storage.getStore() ?? fallback).id;
  const work = async (): Promise<number> => {
    let sum = 0;
    const started = process.hrtime.bigint();
    if (variant === 'context') for (let i = 0; i < CALLS; i++) sum += await viaContext();
    else for (let i = 0; i < CALLS; i++) sum += await viaParam(manager);
    const ns = Number(process.hrtime.bigint() - started) / CALLS;
    if (sum !== CALLS) throw new Error(`${variant}: read ${sum} managers of ${CALLS}`);
    return ns;
  };
  return variant === 'param' ? work() : storage.run(manager, work);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const child = process.argv[2] as Variant | undefined;
  if (child) {
    process.stdout.write(String(await round(child)));
    return;
  }
  const times = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const variant of VARIANTS) {
      const out = execFileSync(process.execPath, [...process.execArgv, __filename, variant], { encoding: 'utf8' });
      times.get(variant)!.push(Number(out));
    }
  }
  const base = median(times.get('param')!);
  console.log(`bench:tx-context — ${CALLS.toLocaleString()} calls per round, ${ROUNDS} rounds, node ${process.version}`);
  for (const variant of VARIANTS) {
    const ns = median(times.get(variant)!);
    console.log(`${variant.padEnd(10)} ${ns.toFixed(1).padStart(7)} ns/call  x${(ns / base).toFixed(2)}  (rounds: ${times.get(variant)!.map((t) => t.toFixed(0)).join(' ')})`);
  }
}

void main();
