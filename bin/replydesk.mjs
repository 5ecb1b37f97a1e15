#!/usr/bin/env node
// The `replydesk` command. The code is TypeScript: it is bundled into dist/ on every start
// (build-server.mjs says why and how long it takes), so there is no build step between a clone
// and a running service, and what runs is always src/ as it is now.
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

await import(pathToFileURL(await buildServer()).href);
