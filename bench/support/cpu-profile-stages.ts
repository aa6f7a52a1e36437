/**
 * CPU per check by stage, from a V8 CPU profile (`node --cpu-prof`) of a Rivalwatch process:
 *
 *   node -r ts-node/register/transpile-only bench/support/cpu-profile-stages.ts PROFILE [WINDOWS] [TOP]
 *
 * WINDOWS is the JSON bench:peer writes beside the profile (`{checks, windows: [[fromUs, toUs]]}`,
 * on the monotonic clock V8 stamps samples with): only samples inside them count, and the times
 * are divided by its number of checks. Each sample goes to the stage of the innermost frame on its
 * stack that belongs to one (a socket write called by pg is database time); idle time is left out.
 * TOP (a number) also lists that many functions of each stage by their own time.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
export interface ProfileWindows {
  checks: number;
  windows: [number, number][];
}

/** First match wins, tested on each frame from the innermost out. */
const STAGES: [stage: string, test: (f: CallFrame) => boolean][] = [
  ['logging', (f) => /pino|sonic-boom|\/common\/logging|log-context|@nestjs\/common\/services\/console-logger|@nestjs\/common\/services\/logger/.test(f.url)],
  ['hashing and extraction', (f) => /node:internal\/crypto|\/capture\/extract\/|cheerio|parse5|htmlparser2|domhandler|node-html-markdown|\/capture\/fetch\/charset|iconv-lite/.test(f.url)],
  ['changed path (diff, interpret, snapshot)', (f) => /\/diffing\/|\/interpretation\/|jsdiff|\/diff\/lib\//.test(f.url)],
  ['database', (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|typeorm)\//.test(f.url)],
  ['claim and queue', (f) => /node_modules\/(bullmq|ioredis|redis-parser|msgpackr|cron)\/|\/src\/queue\/|\/src\/scheduler\//.test(f.url)],
  ['fetch', (f) => /node_modules\/undici\/|\/capture\/fetch\/|url-safety|node:internal\/deps\/undici/.test(f.url)],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
];
const OTHER = 'other (check runner, Nest, runtime)';
const IDLE = new Set(['(idle)']);

interface StageTimes {
  totals: Map<string, number>;
  /** Own time per function ("name url:line") within each stage. */
  functions: Map<string, Map<string, number>>;
}

function stageTimes(profile: CpuProfile, windows?: ProfileWindows): StageTimes {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string | null>();
  const classify = (id: number): string | null => {
    if (stageOf.has(id)) return stageOf.get(id)!;
    const frame = byId.get(id)!.callFrame;
    const own = IDLE.has(frame.functionName) ? null : STAGES.find(([, test]) => test(frame))?.[0];
    const up = parent.get(id);
    const stage = own !== undefined ? own : up === undefined ? OTHER : classify(up);
    stageOf.set(id, stage);
    return stage;
  };
  const totals = new Map<string, number>();
  const functions = new Map<string, Map<string, number>>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    // A sample's time is the gap to the next sample.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (windows && !windows.windows.some(([from, to]) => t >= from && t <= to)) return;
    const stage = classify(id);
    if (!stage) return;
    totals.set(stage, (totals.get(stage) ?? 0) + dt / 1000);
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame as CallFrame & { lineNumber: number };
    const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${lineNumber + 1}`;
    const own = functions.get(stage) ?? functions.set(stage, new Map()).get(stage)!;
    own.set(fn, (own.get(fn) ?? 0) + dt / 1000);
  });
  return { totals, functions };
}

function main(): void {
  const [profilePath, windowsPath, top] = process.argv.slice(2);
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
  const windows = windowsPath ? (JSON.parse(readFileSync(windowsPath, 'utf8')) as ProfileWindows) : undefined;
  const times = stageTimes(profile, windows);
  const totals = [...times.totals].sort((a, b) => b[1] - a[1]);
  const sum = totals.reduce((s, [, ms]) => s + ms, 0);
  const checks = windows?.checks ?? 1;
  console.log(`| stage | CPU ms${windows ? ' per check' : ''} | share |\n| --- | --- | --- |`);
  for (const [stage, ms] of totals) console.log(`| ${stage} | ${(ms / checks).toFixed(3)} | ${((100 * ms) / sum).toFixed(1)}% |`);
  console.log(`| total | ${(sum / checks).toFixed(3)} | |`);
  if (!top) return;
  for (const [stage] of totals) {
    console.log(`\n${stage}:`);
    const own = [...times.functions.get(stage)!].sort((a, b) => b[1] - a[1]).slice(0, Number(top));
    for (const [fn, ms] of own) console.log(`  ${(ms / checks).toFixed(3)} ms  ${fn}`);
  }
}

if (require.main === module) main();
