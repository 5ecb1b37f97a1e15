#!/usr/bin/env node
// The `replydesk` command. The code is TypeScript, bundled into dist/ (build-server.mjs says why):
// built here when dist/ is missing or older than src/ and esbuild is installed, else the dist/
// this tree was given is run (a release build, docs/deploy.md "A release build").
import { pathToFileURL } from 'node:url';
import { cannotBuild, installed } from './build-state.mjs';
import { buildServer, CLI, serverBuildState } from './build-server.mjs';

const state = serverBuildState();
if (state !== 'fresh') {
  if (installed('esbuild')) await buildServer();
  else if (state === 'missing') cannotBuild('The server (dist/)', 'esbuild');
  else console.error('replydesk: dist/ is older than src/, and there is no esbuild here to build it again: serving dist/ as it is.');
}
await import(pathToFileURL(CLI).href);
