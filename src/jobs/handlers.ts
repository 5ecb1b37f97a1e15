// The job kinds this service runs, and what runs each. Every side effect that leaves the
// process (mail, webhook deliveries) is a kind here.
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Handler } from './queue.ts';

export interface HandlerDeps {
  db: Db;
  config: Config;
}

export function buildHandlers(_deps: HandlerDeps): Record<string, Handler> {
  return {};
}
