// Whether a build (dist/ for the server, web/dist/ for the dashboard) is missing, stale or fresh,
// and whether this tree can build at all: `npm ci --omit=dev` leaves out the build tools
// (esbuild, vite), so such a tree serves the build it was given and never tries to make one
// (docs/deploy.md "A release build").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of any file under `dir`, build outputs and packages aside. */
export function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/**
 * 'missing' without `built`; 'stale' without the build's stamp or when a file under `sources`
 * changed after it; else 'fresh' (a built tree shipped without its sources is fresh).
 */
export function buildState(built, stamp, sources) {
  if (!fs.existsSync(built)) return 'missing';
  if (!fs.existsSync(sources)) return 'fresh';
  if (!fs.existsSync(stamp)) return 'stale';
  return fs.statSync(stamp).mtimeMs < newest(sources) ? 'stale' : 'fresh';
}

/** Whether a package (a build tool: esbuild, vite) is installed here. */
export const installed = (name) => fs.existsSync(path.join(root, 'node_modules', name, 'package.json'));

/** Stops with a message a person can act on: this tree can neither serve nor build. */
export function cannotBuild(what, tool) {
  console.error(
    `replydesk: ${what} is not built, and this installation has no ${tool} to build it (npm ci --omit=dev leaves the build tools out).\n` +
      'Build it where the dev dependencies are installed (npm ci && npm run build) and ship the result, or run npm ci and then npm start.',
  );
  process.exit(1);
}
