#!/usr/bin/env node
// Builds the dashboard (web/ → web/dist/) when the build is missing or older than any file
// under web/ (npm start runs it first, so a fresh clone serves a working dashboard). A build
// that is up to date costs a directory walk; `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const built = path.join(web, 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const stale = process.argv.includes('--force') || !fs.existsSync(built) || fs.statSync(built).mtimeMs < newest(web);
if (stale) {
  console.error('replydesk: building the dashboard (web/ → web/dist/)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(web, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
