#!/usr/bin/env node
// The `replydesk` command. The code is TypeScript run through tsx's loader, so there is no
// build step between a clone and a running service.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/index.ts');
