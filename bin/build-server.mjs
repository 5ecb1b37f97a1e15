// Bundles the server's TypeScript (src/) into plain JavaScript in dist/, one file per entry:
// dist/replydesk.mjs (the CLI, src/cli/index.ts) and dist/checkpoint-worker.mjs (the SQLite
// checkpoint thread). `npm run build` runs it, and bin/replydesk.mjs whenever dist/ is missing
// or older than src/ (esbuild takes well under a second), so what runs is never older than src/
// and a clone needs no build step to remember; a tree installed without the build tools serves
// the dist/ it was given (docs/deploy.md "A release build").
//
// Why a bundle and not a TypeScript loader hook (tsx, which the tests and scripts still use):
// on Node 20 a loader hook runs on a JavaScript thread of its own that keeps the sources it
// transformed, and every module goes through it. Measured on the benchmark's PostgreSQL
// database (docs/performance.md): the idle server 193 → 156 MiB, its peak under load
// 310 → 270 MiB.
//
// Packages stay outside the bundle (imported from node_modules as usual). Files the code reads
// at run time are found from the repository's root (src/files.ts), which is one level above
// both src/ and dist/. A source map is written beside each bundle; Node uses it for stack
// traces when started with --enable-source-maps.
import fs from 'node:fs';
import path from 'node:path';
import { buildState, root } from './build-state.mjs';

export const DIST = path.join(root, 'dist');
const STAMP = path.join(DIST, '.built');
export const CLI = path.join(DIST, 'replydesk.mjs');

/** 'missing', 'stale' or 'fresh' (build-state.mjs). */
export const serverBuildState = () => buildState(CLI, STAMP, path.join(root, 'src'));

const ENTRIES = { replydesk: 'src/cli/index.ts', 'checkpoint-worker': 'src/db/checkpoint-worker.ts' };

/** Builds dist/; files whose content did not change are left alone. Answers the CLI's path. */
export async function buildServer() {
  // imported here: a tree installed without the dev dependencies has no esbuild, and never builds
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'error',
  });
  fs.mkdirSync(DIST, { recursive: true });
  for (const file of result.outputFiles) {
    let same = false;
    try {
      same = Buffer.compare(fs.readFileSync(file.path), file.contents) === 0;
    } catch {
      // not there yet
    }
    if (same) continue;
    // written whole, then renamed: a second process starting at the same moment never reads half a file
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  return CLI;
}
