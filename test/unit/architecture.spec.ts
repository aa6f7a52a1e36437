import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * The import graph of src/ against the layers of docs/extending.md ("Layers"): no file circles,
 * at most MAX_UPWARD imports of a higher layer, every folder placed, and a module map row per folder.
 */
const ROOT = resolve(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const DOC = join(ROOT, 'docs', 'extending.md');
const MAX_UPWARD = 15;

const isSpec = (file: string) => /\.(e2e-)?spec\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !isSpec(entry.name) ? [path] : [];
  });
}

/** The .ts file a relative specifier names (`./x`, `./x.js`, `./dir` for its index), or null for other files (JSON, templates). */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every relative import of the file: `import`, `import type`, `export … from`, `import()` and `require()`. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolveSpecifier(file, name))
    .filter((target): target is string => target !== null);
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) graph.set(file, [...new Set(importsOf(file))].filter((t) => !isSpec(t)));
  return graph;
}

const rel = (file: string) => relative(ROOT, file).split(sep).join('/');
/** A file's place in the layer list: its folder under src/, or its own name for a root file. */
const topOf = (file: string) => relative(SRC, file).split(sep)[0];

/** Strongly connected components with more than one file (Tarjan), or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One circle through the component's first file, as `a → b → … → a` (shortest, by breadth-first search). */
function cyclePath(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start].map(rel).join(' → ');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.map(rel).join(', ');
}

/** The numbered list between the layer markers of docs/extending.md: each item one layer, lowest first. */
function layersFromDocs(): string[][] {
  const doc = readFileSync(DOC, 'utf8');
  const block = /<!-- layers:[^>]*-->([\s\S]*?)<!-- \/layers -->/.exec(doc);
  if (!block) throw new Error('docs/extending.md has no layer list between <!-- layers: --> and <!-- /layers -->');
  return block[1]
    .split('\n')
    .filter((line) => /^\d+\.\s/.test(line))
    .map((line) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

/** The rows of the module map: folder → its entry points. */
function moduleMap(): Map<string, string[]> {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.slice(doc.indexOf('## Module map'), doc.indexOf('\n## ', doc.indexOf('## Module map') + 1));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const folder = /^`([^`]+)`$/.exec(cells[1] ?? '');
    if (folder) rows.set(folder[1], [...(cells[3] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  }
  return rows;
}

describe('architecture of src/', () => {
  const graph = importGraph();
  const layers = layersFromDocs();
  const layerOf = new Map(layers.flatMap((names, i) => names.map((name) => [name, i] as const)));
  const entries = readdirSync(SRC, { withFileTypes: true })
    .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !isSpec(e.name)))
    .map((e) => e.name);
  const folders = entries.filter((name) => statSync(join(SRC, name)).isDirectory());

  it('reads an import graph of the whole of src/', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(join(SRC, 'main.ts'))).toContain(join(SRC, 'bootstrap.ts'));
  });

  it('places every folder and root file of src/ in exactly one layer, and lists nothing that is gone', () => {
    expect(layers.length).toBeGreaterThan(5);
    expect(entries.filter((name) => !layerOf.has(name))).toEqual([]);
    expect([...layerOf.keys()].filter((name) => !entries.includes(name))).toEqual([]);
    const named = layers.flat();
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]);
  });

  it('has no import circle', () => {
    const found = circles(graph).map((component) => cyclePath(graph, component));
    expect(found).toEqual([]);
  });

  it(`imports a higher layer at most ${MAX_UPWARD} times`, () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => (layerOf.get(topOf(target)) ?? -1) > (layerOf.get(topOf(file)) ?? Infinity))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    if (upward.length > MAX_UPWARD) {
      throw new Error(`${upward.length} upward imports (at most ${MAX_UPWARD}):\n${upward.join('\n')}`);
    }
  });

  it('maps every folder in the module map of docs/extending.md, with entry points that exist', () => {
    const map = moduleMap();
    expect(folders.filter((folder) => !map.has(folder))).toEqual([]);
    expect([...map.keys()].filter((folder) => !folders.includes(folder))).toEqual([]);
    const missing = [...map].flatMap(([folder, paths]) => paths.filter((p) => !existsSync(join(SRC, folder, p))).map((p) => `${folder}/${p}`));
    expect(missing).toEqual([]);
  });
});
