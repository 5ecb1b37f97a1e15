#!/usr/bin/env node
// `npm run build`: the server (src/ → dist/) and the dashboard (web/ → web/dist/), whatever
// their state, for a release (docs/deploy.md "A release build"). `npm start` builds only what is
// missing or stale, so a clone needs no build step; a release tree is built once here and
// installed with `npm ci --omit=dev`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-state.mjs';
import { buildServer } from './build-server.mjs';

await buildServer();
const web = spawnSync(process.execPath, [path.join(root, 'bin', 'build-web.mjs'), '--force'], { stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
console.error('replydesk: built dist/ and web/dist/');
