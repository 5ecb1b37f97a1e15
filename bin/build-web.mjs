#!/usr/bin/env node
// Builds the dashboard (web/ → web/dist/) when the build is missing or older than any file
// under web/ (npm start runs it first, so a fresh clone serves a working dashboard). A build
// that is up to date costs a directory walk; `--force` builds anyway. A tree installed without
// the dev dependencies has no vite: it serves the web/dist/ it was given, or says what to do
// (docs/deploy.md "A release build").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildState, cannotBuild, installed, root } from './build-state.mjs';

const web = path.join(root, 'web');
const built = path.join(web, 'dist', 'index.html');
const state = process.argv.includes('--force') ? 'stale' : buildState(built, built, web);

if (state !== 'fresh') {
  if (!installed('vite')) {
    if (state === 'missing') cannotBuild('The dashboard (web/dist/)', 'vite');
    console.error('replydesk: web/dist/ is older than web/, and there is no vite here to build it again: serving web/dist/ as it is.');
    process.exit(0);
  }
  console.error('replydesk: building the dashboard (web/ → web/dist/)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(web, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
