// Rules of the code's shape that the compiler does not check (docs/architecture.md).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..', 'src');
const files = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ name: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(SRC, f), 'utf8') }));
const where = (pattern: RegExp) =>
  files
    .filter((f) => pattern.test(f.text))
    .map((f) => f.name)
    .sort();

describe('the data layer', () => {
  it('SQL is written only in queries modules and src/db/ (one owner per table; none in services or http/)', () => {
    const owners = (name: string) => /\/(\w+-)?queries\.ts$/.test(name) || name.startsWith('db/') || name === 'workspaces/counts.ts';
    const withSql = where(/\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/);
    expect(withSql.length).toBeGreaterThan(5);
    expect(withSql.filter((f) => !owners(f))).toEqual([]);
  });

  it('the dialect is tested only in src/db/dialect.ts (and where the configuration picks a driver)', () => {
    const tests = where(/\bdialect\s*[!=]==|dialectOf\(/);
    expect(tests).toEqual(['config/index.ts', 'db/connect.ts', 'db/dialect.ts', 'security/secrets.ts']);
  });

  it('the writer outside a transaction (db.migrations) is used by the migrations alone', () => {
    expect(where(/\.migrations\b/)).toEqual(['db/migrate.ts']);
  });

  it('no code is generated at run time outside the statement cache (db/sqlite.ts)', () => {
    expect(where(/new Function\(|\beval\(/)).toEqual(['db/sqlite.ts']);
  });
});

type Graph = Map<string, Map<string, string[]>>;

/**
 * A folder import graph: a node per folder as `nodeOf` names it. Type-only imports are left
 * out: they vanish at run time and draw no dependency between modules' code.
 */
function importGraph(sources: { name: string; text: string }[], nodeOf: (file: string) => string): Graph {
  const graph: Graph = new Map();
  for (const { name, text } of sources) {
    const from = nodeOf(name);
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/gm)) {
      if (m[1]) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(name), m[2]!));
      const to = nodeOf(target);
      if (to === from || target.startsWith('..')) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${name} → ${target}`]);
    }
  }
  return graph;
}

/**
 * src/: a node per folder (triage/local apart from triage), and a node per file directly in
 * src/ (app.ts, errors.ts, events.ts… sit at very different heights).
 */
const folderGraph = () => importGraph(files, (file) => (file.includes('/') ? path.posix.dirname(file) : file));

/** web/src/: a node per feature (features/inbox, features/shell…), per other folder, and per root file. */
function webGraph(): Graph {
  const WEB = path.join(import.meta.dirname, '..', 'web', 'src');
  const sources = (fs.readdirSync(WEB, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => ({ name: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(WEB, f), 'utf8') }));
  expect(sources.length).toBeGreaterThan(40);
  return importGraph(sources, (file) => {
    const parts = file.split('/');
    return parts[0] === 'features' ? parts.slice(0, 2).join('/') : parts.length > 1 ? parts[0]! : file;
  });
}

/** Every cycle's folders, as strongly connected components of more than one node (Tarjan). */
function cycles(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return out;
}

/** Each cycle's folders with the imports that close it. */
const cyclesWithImports = (graph: Graph) =>
  cycles(graph).map((component) => ({
    folders: component,
    imports: component.flatMap((a) => component.flatMap((b) => graph.get(a)?.get(b) ?? [])),
  }));

describe('the folders', () => {
  const graph = folderGraph();

  it('import each other without a cycle (docs/architecture.md "Layout")', () => {
    expect(cyclesWithImports(graph)).toEqual([]);
  });

  it("of the dashboard's web/src import each other without a cycle, each feature a folder of its own", () => {
    const web = webGraph();
    expect(web.get('features/inbox')?.has('queries')).toBe(true);
    expect(cyclesWithImports(web)).toEqual([]);
  });

  it('the check sees imports: services raise events through events.ts, and webhooks subscribes', () => {
    expect(graph.get('replies')?.has('events.ts')).toBe(true);
    expect(graph.get('webhooks')?.has('events.ts')).toBe(true);
    expect(
      cycles(
        new Map([
          ['a', new Map([['b', []]])],
          ['b', new Map([['a', []]])],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });

  it('keep domain errors and events out of the HTTP layer: no service imports http/errors or webhooks/', () => {
    const services = files.filter((f) => /\/(service|ingest|snooze)\.ts$/.test(f.name));
    expect(services.length).toBeGreaterThan(8);
    expect(services.filter((f) => /from '\.\.\/(webhooks\/|http\/errors)/.test(f.text)).map((f) => f.name)).toEqual([]);
  });
});

describe('the files', () => {
  const LIMIT = 300;
  const ROOT = path.join(import.meta.dirname, '..');
  /** Where the limit holds: the service's code and the dashboard's. */
  const CHECKED = ['src', 'web/src'];
  /** Data and generated files, which nobody reads top to bottom: the limit does not apply. */
  const EXEMPT = [
    /^src\/triage\/local\/corpus\/[^/]+\.jsonl$/, // the categoriser's corpus (npm run triage:corpus writes it)
    /^src\/db\/migrations\/checksums\.json$/, // written by npm run migrations:checksum
  ];
  const walk = (dir: string): string[] =>
    (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).map((f) => path.posix.join(dir, f.split(path.sep).join('/'))).filter((f) => fs.statSync(path.join(ROOT, f)).isFile());
  const lines = (file: string) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  };
  const checked = CHECKED.flatMap(walk).filter((f) => !EXEMPT.some((e) => e.test(f)));
  const over = checked.filter((f) => lines(f) > LIMIT).sort();

  it(`are at most ${LIMIT} lines each in src/ and web/src/, data and generated files aside (docs/architecture.md "Layout")`, () => {
    expect(checked.length).toBeGreaterThan(150);
    expect(over.map((f) => `${f}: ${lines(f)} lines`)).toEqual([]);
  });
});
