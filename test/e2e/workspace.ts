// A workspace of its own for a browser test file: the real server process (`replydesk serve`, a
// SQLite file, mail captured unless `env` says otherwise), a workspace made with the CLI, its
// people with their passwords and an API key, and a signed-in page per person in a context of
// its own. `call` is the API with the key; `ingest` stores a reply through it.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { tempDir } from '../helpers.ts';
import { runCli, type Server, startServer, stop } from '../processes.ts';
import { buildDashboard, launchBrowser, signIn } from './browser.ts';

export interface Person {
  email: string;
  password: string;
  role: 'owner' | 'admin' | 'member';
}

export async function startWorkspace(people: Person[], opts: { env?: Record<string, string>; initScript?: () => void; viewport?: { width: number; height: number } } = {}) {
  buildDashboard();
  const env = { DATABASE_URL: `file:${path.join(tempDir('replydesk-e2e-'), 'replydesk.db')}`, ...opts.env };
  const server: Server = await startServer(env); // bundles src/ and trains the classifier first: slow on a busy machine
  const ws = await runCli(['workspace', 'create', '--name', 'Northwind Agency', '--triage', 'off', '--json'], env);
  expect(ws.code, ws.stderr).toBe(0);
  const workspace = JSON.parse(ws.stdout).data.id as string;
  for (const who of people) {
    const made = await runCli(['user', 'create', '--email', who.email, '--workspace', workspace, '--role', who.role, '--password', who.password, '--json'], env);
    expect(made.code, made.stderr).toBe(0);
  }
  const made = await runCli(['key', 'create', '--workspace', workspace, '--name', 'sam', '--json'], env);
  expect(made.code, made.stderr).toBe(0);
  const key = JSON.parse(made.stdout).data.key as string;

  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${server.base}${p}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${p}`).toBeLessThan(300);
    return res.status === 204 ? null : (await res.json()).data;
  };
  const ingest = async (fields: Record<string, unknown>) =>
    (await call('POST', '/api/replies', {
      from_email: 'ada@analytical.example',
      from_name: 'Ada Lovelace',
      to_email: 'sam@outreach.example',
      subject: 'Re: Quick question',
      body_text: 'Sounds interesting.',
      ...fields,
    })) as { id: string; contact_id: string; assignee: { id: string } | null };

  const browser: Browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  for (const who of people) {
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1440, height: 900 } });
    if (opts.initScript) await context.addInitScript(opts.initScript);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.base, who);
    pages.push(page);
  }
  return {
    server,
    env,
    workspace,
    key,
    call,
    ingest,
    browser,
    pages,
    async close() {
      for (const c of contexts) await c.close();
      await browser.close();
      await stop(server);
    },
  };
}
export type Workspace = Awaited<ReturnType<typeof startWorkspace>>;
